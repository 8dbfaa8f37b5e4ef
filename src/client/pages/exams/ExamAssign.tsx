/**
 * /exam/assign/{exam_id} (spec 4 §2.4, §5): the exam given to a class for an academic year, with
 * the attempts each student may make; exam, year and class are required. The exam's
 * assignments are listed below.
 */
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Card, Form, InputNumber, Select, Space, Table } from 'antd';
import { declaredCall } from '../../../shared/calls.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { classSectionLabel } from '../../framework/labels.js';
import { PICKER } from '../../framework/pickers.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { useDeclaredCall, useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { useClassesAndYears } from '../useClassesAndYears.js';
import type { PageProps } from '../registry.js';
import { rowsOf, type StaffExam } from './examModel.js';

const ASSIGN = declaredCall('exams.assign').def.payload!;
const rules = (field: string) => payloadRules(ASSIGN, field);
type Row = CallData<'exams.assignments'>[number];
interface Values { exam_id?: number; ac_year_id?: number; class_id?: number; max_attempts?: number }

export default function ExamAssign(_props: PageProps) {
  const examId = Number(useParams().exam_id);
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const { classes, years, classesLoading, yearsLoading } = useClassesAndYears();
  const exams = useDeclaredQuery('exams.list');
  const { result, query } = useDeclaredQuery('exams.assignments', { query: { exam_id: String(examId) } });
  const assign = useDeclaredCall('exams.assign');
  const { busy, run } = useBusyAction();
  const classOptions = useMemo(() => classes.map((c) => ({ value: c.id, label: classSectionLabel(c) })), [classes]);
  const send = (v: Values) => run(async () => {
    await assign({ body: { exam_id: v.exam_id!, ac_year_id: v.ac_year_id!, class_id: v.class_id!, max_attempts: v.max_attempts ?? 1 } });
    form.setFieldValue('class_id', undefined);
    await query.refetch();
  });
  const columns = [
    { title: 'Class', key: 'class', render: (_: unknown, a: Row) => classSectionLabel({ class: a.class ?? '', section: a.section ?? '' }) },
    { title: 'Academic Year', dataIndex: 'ac_year', key: 'ac_year' },
    { title: 'Max Attempts', dataIndex: 'max_attempts', key: 'max_attempts' },
  ];
  return (
    <Card title="Assign Exam" style={{ maxWidth: 820 }} extra={<Button onClick={() => navigate('/exam/')}>Exams</Button>}>
      <Form<Values> form={form} layout="vertical" name="exam-assign" onFinish={send} disabled={busy}
        initialValues={{ exam_id: examId || undefined, max_attempts: 1 }}>
        <Space wrap size="large" align="start">
          <Form.Item label="Exam" name="exam_id" rules={rules('exam_id')}>
            <Select {...PICKER} style={{ minWidth: 220 }} loading={exams.query.isLoading}
              options={rowsOf<StaffExam>(exams.result?.data).map((e) => ({ value: e.id, label: e.name }))} />
          </Form.Item>
          <Form.Item label="Academic Year" name="ac_year_id" rules={rules('ac_year_id')}>
            <Select {...PICKER} style={{ minWidth: 160 }} loading={yearsLoading} options={years.map((y) => ({ value: y.id, label: y.name }))} />
          </Form.Item>
          <Form.Item label="Class" name="class_id" rules={rules('class_id')}>
            <Select {...PICKER} style={{ minWidth: 160 }} loading={classesLoading} options={classOptions} />
          </Form.Item>
          <Form.Item label="Max Attempts" name="max_attempts">
            <InputNumber min={1} max={100} precision={0} />
          </Form.Item>
        </Space>
        <Button type="primary" htmlType="submit" loading={busy}>Assign</Button>
      </Form>
      <Table<Row> scroll={{ x: true }} rowKey="id" size="small" style={{ marginTop: 24 }} loading={query.isLoading} columns={columns} pagination={false}
        dataSource={rowsOf<Row>(result?.data)} locale={{ emptyText: 'Not assigned yet.' }} />
    </Card>
  );
}
