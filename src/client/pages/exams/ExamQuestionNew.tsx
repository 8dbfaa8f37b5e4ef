/**
 * /exam/question/{id}/new (spec 4 §2.4, §5): a multiple-choice question with its options (at
 * least one stays), the right option, an explanation and its marks; every field but the
 * no-answer marks (0) is required, 'This field is required!'. After 'Question Added' the
 * exam's questions open.
 */
import { useNavigate, useParams } from 'react-router';
import { Button, Card, Form, Input, InputNumber, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { declaredCall } from '../../../shared/calls.js';
import { EXAM_QUESTION_QUESTION_TYPE, EXAM_QUESTION_QUESTION_TYPE_OPTIONS } from '../../../generated/enums/exams.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { useDeclaredCall, type CallInput } from '../../framework/useDeclaredCall.js';
import type { PageProps } from '../registry.js';

const ADD = declaredCall('exams.addQuestion').def.payload!;
const rules = (field: string) => payloadRules(ADD, field);
const OPTION_RULE = { required: true, whitespace: true, message: String(ADD.properties.options.items.errorMessage) };
type Body = CallInput<'exams.addQuestion'>['body'];
interface Values {
  question_type?: number; question?: string; options?: string[]; answer?: number; explanation?: string;
  correct_marks?: number; incorrect_marks?: number; no_answer_marks?: number;
}

export default function ExamQuestionNew(_props: PageProps) {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const options = Form.useWatch('options', form) ?? [];
  const add = useDeclaredCall('exams.addQuestion');
  const { busy, run } = useBusyAction();
  const send = (v: Values) => run(async () => {
    await add({
      params: { id },
      body: {
        question_type: v.question_type as Body['question_type'], question: v.question!.trim(), options: v.options!.map((o) => o.trim()) as Body['options'],
        answer: v.answer!, explanation: v.explanation!.trim(), correct_marks: v.correct_marks!, incorrect_marks: v.incorrect_marks!,
        no_answer_marks: v.no_answer_marks ?? 0,
      },
    });
    navigate(`/exam/questions/${id}`);
  });
  return (
    <Card title="Add Question" style={{ maxWidth: 820 }}>
      <Form<Values> form={form} layout="vertical" name="exam-question" onFinish={send} disabled={busy}
        initialValues={{ question_type: EXAM_QUESTION_QUESTION_TYPE.MCQ, options: ['', '', '', ''], no_answer_marks: 0 }}>
        <Form.Item label="Type" name="question_type" rules={rules('question_type')}>
          <Select options={EXAM_QUESTION_QUESTION_TYPE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))} style={{ maxWidth: 200 }} />
        </Form.Item>
        <Form.Item label="Question" name="question" rules={rules('question')}>
          <Input.TextArea rows={3} maxLength={5000} />
        </Form.Item>
        <Form.List name="options">
          {(fields, { add: addOption, remove }) => (
            <>
              {fields.map((f, i) => (
                <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item {...f} label={`Option ${i + 1}`} rules={[OPTION_RULE]} style={{ minWidth: 280, marginBottom: 8 }}>
                    <Input maxLength={1000} />
                  </Form.Item>
                  <Button type="text" icon={<MinusCircleOutlined />} aria-label={`Remove option ${i + 1}`} disabled={fields.length <= 1}
                    onClick={() => { remove(f.name); if ((form.getFieldValue('answer') ?? -1) >= fields.length - 1) form.setFieldValue('answer', undefined); }} />
                </Space>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => addOption('')} disabled={fields.length >= 10} style={{ marginBottom: 16 }}>Add Option</Button>
            </>
          )}
        </Form.List>
        <Form.Item label="Answer" name="answer" rules={rules('answer')}>
          <Select placeholder="The right option" style={{ maxWidth: 320 }}
            options={options.map((o, i) => ({ value: i, label: `Option ${i + 1}${o ? `: ${o}` : ''}` }))} />
        </Form.Item>
        <Form.Item label="Explanation" name="explanation" rules={rules('explanation')}>
          <Input.TextArea rows={2} maxLength={5000} />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item label="Correct Marks" name="correct_marks" rules={rules('correct_marks')}><InputNumber step={0.25} /></Form.Item>
          <Form.Item label="Incorrect Marks" name="incorrect_marks" rules={rules('incorrect_marks')} extra="Negative to deduct"><InputNumber step={0.25} /></Form.Item>
          <Form.Item label="No Answer Marks" name="no_answer_marks"><InputNumber step={0.25} /></Form.Item>
        </Space>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={busy}>Add Question</Button>
          <Button onClick={() => navigate(`/exam/questions/${id}`)}>Cancel</Button>
        </Space>
      </Form>
    </Card>
  );
}
