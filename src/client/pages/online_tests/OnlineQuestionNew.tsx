/**
 * `/online-test/question/new` (spec 4 §2.3, §5): a question of the bank for a class and subject,
 * of type 0 to 3, with marks (incorrect and no-answer 0 by default) and, for the multiple-choice
 * types, options (four to start with) each marked correct or not. The spec's messages come from
 * the call's schema and its declared errors; the server checks every rule again.
 */
import { useNavigate } from 'react-router';
import { App, Button, Card, Checkbox, Form, Input, InputNumber, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { declaredCall } from '../../../shared/calls.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { PICKER } from '../../framework/pickers.js';
import { AttachmentsInput } from '../../framework/AttachmentsInput.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { useDeclaredCall } from '../../framework/useDeclaredCall.js';
import { QUESTION_TYPE_OPTIONS } from '../../../generated/enums/online_tests.js';
import { useClassOptions, useSubjects } from './ClassSubjectPicker.js';
import { isObjective, QUESTION_TYPE } from './testModel.js';
import { questionProblem, DEFAULT_OPTIONS, MULTIPLE_OPTIONS_UNSUPPORTED } from './questionForm.js';

const CREATE = declaredCall('online-questions.create');
const PAYLOAD = CREATE.def.payload!;
const OPTION = PAYLOAD.properties.options.items;

interface Values {
  class_id: number; subject_id: number; topic?: string; type: number; question: string; description?: string;
  files?: Array<{ path: string; name?: string }>; correct_marks: number; incorrect_marks: number; no_answer_marks: number;
  options?: Array<{ text: string; explanation?: string; is_correct?: boolean }>;
}

export default function OnlineQuestionNew(_props: PageProps) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const classId = Form.useWatch('class_id', form);
  const type = Form.useWatch('type', form);
  const classes = useClassOptions();
  const { subjects, loading } = useSubjects(classId);
  const create = useDeclaredCall('online-questions.create', { errorToast: false });
  const { busy, run } = useBusyAction();

  const send = (v: Values) => {
    const options = isObjective(v.type) ? (v.options ?? []).map((o) => ({ text: o.text, explanation: o.explanation?.trim() || null, is_correct: Boolean(o.is_correct) })) : [];
    void run(async () => {
      const q = await create({ body: {
        class_id: v.class_id, subject_id: v.subject_id, topic: v.topic?.trim() || null, type: v.type as 0 | 1 | 2 | 3, question: v.question,
        description: v.description?.trim() || null, files: (v.files ?? []) as never, correct_marks: v.correct_marks,
        incorrect_marks: v.incorrect_marks ?? 0, no_answer_marks: v.no_answer_marks ?? 0, ...(options.length ? { options: options as never } : {}),
      } });
      navigate(`/online-test/question/${(q as { id: number }).id}`);
    }, { problem: questionProblem(v.type, options) });
  };

  return (
    <Card title="New Question" style={{ maxWidth: 820 }}>
      <Form<Values>
        form={form} layout="vertical" onFinish={send}
        initialValues={{ type: QUESTION_TYPE.MCQ_SINGLE, incorrect_marks: 0, no_answer_marks: 0, options: Array.from({ length: DEFAULT_OPTIONS }, () => ({ text: '', is_correct: false })) }}
      >
        <Space wrap size="middle" style={{ width: '100%' }}>
          <Form.Item label="Class" name="class_id" rules={payloadRules(PAYLOAD, 'class_id')}>
            <Select {...PICKER} style={{ width: 200 }} placeholder="Select class" loading={classes.loading} options={classes.options}
              onChange={() => form.setFieldValue('subject_id', undefined)} />
          </Form.Item>
          <Form.Item label="Subject" name="subject_id" rules={payloadRules(PAYLOAD, 'subject_id')}>
            <Select {...PICKER} style={{ width: 200 }} placeholder="Select subject" loading={loading} options={subjects.map((s) => ({ value: s.id, label: s.name }))} />
          </Form.Item>
          <Form.Item label="Topic" name="topic" rules={payloadRules(PAYLOAD, 'topic')}><Input style={{ width: 200 }} maxLength={100} /></Form.Item>
          <Form.Item label="Question Type" name="type" rules={payloadRules(PAYLOAD, 'type')}>
            <Select style={{ width: 240 }} options={QUESTION_TYPE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))} />
          </Form.Item>
        </Space>
        <Form.Item label="Question" name="question" rules={payloadRules(PAYLOAD, 'question')}><Input.TextArea autoSize={{ minRows: 3 }} /></Form.Item>
        <Form.Item label="Description" name="description" rules={payloadRules(PAYLOAD, 'description')}><Input.TextArea autoSize={{ minRows: 2 }} /></Form.Item>
        <Form.Item label="Files" name="files" valuePropName="value">
          <AttachmentsInput kind="online-test-files" value={undefined} onChange={() => undefined} />
        </Form.Item>
        <Space wrap size="middle">
          <Form.Item label="Correct Marks" name="correct_marks" rules={payloadRules(PAYLOAD, 'correct_marks')}><InputNumber step={0.5} /></Form.Item>
          <Form.Item label="Incorrect Marks" name="incorrect_marks" rules={payloadRules(PAYLOAD, 'incorrect_marks')}><InputNumber step={0.5} /></Form.Item>
          <Form.Item label="No Answer Marks" name="no_answer_marks" rules={payloadRules(PAYLOAD, 'no_answer_marks')}><InputNumber step={0.5} /></Form.Item>
        </Space>
        {isObjective(type ?? QUESTION_TYPE.MCQ_SINGLE) && (
          <Form.List name="options">
            {(fields, { add, remove }) => (
              <Space direction="vertical" style={{ width: '100%' }}>
                {fields.map((f, i) => (
                  <Card key={f.key} size="small" title={`Option ${i + 1}`} extra={<Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove option ${i + 1}`} onClick={() => remove(f.name)} />}>
                    <Form.Item name={[f.name, 'text']} label="Option" rules={payloadRules(OPTION, 'text')}><Input maxLength={5000} /></Form.Item>
                    <Form.Item name={[f.name, 'explanation']} label="Explanation"><Input maxLength={5000} /></Form.Item>
                    <Form.Item name={[f.name, 'is_correct']} valuePropName="checked" style={{ marginBottom: 0 }}><Checkbox>Correct</Checkbox></Form.Item>
                  </Card>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => (isObjective(form.getFieldValue('type')) ? add({ text: '', is_correct: false }) : notification.error({ message: MULTIPLE_OPTIONS_UNSUPPORTED }))}>Add Option</Button>
              </Space>
            )}
          </Form.List>
        )}
        <Button type="primary" htmlType="submit" loading={busy} style={{ marginTop: 16 }}>Save</Button>
      </Form>
    </Card>
  );
}
