/**
 * `/online-test/{test_id}/assign/` (spec 4 §2.3, §3, §5): the test's assignments to classes and
 * the form to assign it: class and duration required ('Class is required!', 'Duration is
 * required!'); subject, pass marks, start time (10-minute steps) and evaluator optional. Each
 * assignment opens its attempts.
 */
import { useList } from '@refinedev/core';
import { Link, useParams } from 'react-router';
import { Button, Card, Form, InputNumber, Select, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import type { PageProps } from '../registry.js';
import { declaredCall } from '../../../shared/calls.js';
import { DateInput, validDate } from '../../framework/DateInput.js';
import { formatDateTime } from '../../framework/format.js';
import { classSectionLabel } from '../../framework/labels.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { PICKER } from '../../framework/pickers.js';
import { readState } from '../../framework/readState.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { useDeclaredCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import type { EntityRow } from '../../../shared/wire.js';
import type { Teacher } from '../../../generated/entities/teachers.js';
import { useClassOptions, useSubjects } from './ClassSubjectPicker.js';

const ASSIGN = declaredCall('online-test-assignments.assign').def.payload!;
/** Start times step by ten minutes (spec 4 §9). */
export const START_STEP_MINUTES = 10;

interface Row {
  id: number; class: string | null; section: string | null; subject: string | null; pass_marks: number | null; duration: number;
  start_time: string | null; evaluator_name: string | null; attempts: number; finished: number;
}

interface Values { class_id: number; subject_id?: number; pass_marks?: number; duration: number; start_time?: Dayjs | null; evaluator?: number }

export default function OnlineTestAssign({ resource }: PageProps) {
  const testId = Number(useParams().test_id);
  const [form] = Form.useForm<Values>();
  const classId = Form.useWatch('class_id', form);
  const classes = useClassOptions();
  const { subjects, loading } = useSubjects(classId);
  const teachers = useList<EntityRow<Teacher>>({ resource: 'teachers', pagination: { mode: 'off' }, errorNotification: false });
  const canAssign = usePageButton(resource, 'assign', 'assign');
  const list = useDeclaredQuery('online-test-assignments.list', { params: { id: testId } });
  const assign = useDeclaredCall('online-test-assignments.assign', { errorToast: false });
  const { busy, run } = useBusyAction();
  const pending = readState(list.query, 'Could not load the assignments.', Array.isArray(list.result?.data));
  const send = (v: Values) => run(async () => {
    await assign({ params: { id: testId }, body: {
      class_id: v.class_id, duration: v.duration, subject_id: v.subject_id ?? null, pass_marks: v.pass_marks ?? null,
      start_time: v.start_time ? v.start_time.second(0).millisecond(0).toISOString() : null, evaluator: v.evaluator ?? null,
    } });
    form.resetFields();
    await list.query.refetch();
  });
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {canAssign && (
        <Card title="Assign Test" extra={<Link to={`/online-test/${testId}/questions/`}>Questions</Link>}>
          <Form<Values> form={form} layout="vertical" onFinish={send}>
            <Space wrap size="middle" align="start">
              <Form.Item label="Class" name="class_id" rules={payloadRules(ASSIGN, 'class_id')}>
                <Select {...PICKER} style={{ width: 180 }} placeholder="Select class" loading={classes.loading} options={classes.options}
                  onChange={() => form.setFieldValue('subject_id', undefined)} />
              </Form.Item>
              <Form.Item label="Subject" name="subject_id">
                <Select {...PICKER} allowClear style={{ width: 180 }} placeholder="Select subject" loading={loading} options={subjects.map((s) => ({ value: s.id, label: s.name }))} />
              </Form.Item>
              <Form.Item label="Pass Marks" name="pass_marks" rules={payloadRules(ASSIGN, 'pass_marks')}><InputNumber min={0} step={1} /></Form.Item>
              <Form.Item label="Duration (minutes)" name="duration" rules={payloadRules(ASSIGN, 'duration')}><InputNumber min={1} max={600} precision={0} /></Form.Item>
              <Form.Item label="Start Time" name="start_time" rules={[validDate]}><DateInput timeStep={START_STEP_MINUTES} /></Form.Item>
              <Form.Item label="Evaluator" name="evaluator">
                <Select {...PICKER} allowClear style={{ width: 200 }} placeholder="Select teacher" loading={teachers.query.isLoading}
                  options={(teachers.result?.data ?? []).map((t) => ({ value: t.id, label: t.fullname }))} />
              </Form.Item>
            </Space>
            <Button type="primary" htmlType="submit" loading={busy}>Assign</Button>
          </Form>
        </Card>
      )}
      <Card title="Assignments">
        {pending ?? (
          <Table<Row> scroll={{ x: true }}
            rowKey="id" size="small" dataSource={list.result!.data as unknown as Row[]} pagination={false} locale={{ emptyText: 'Not assigned yet' }}
            columns={[
              { title: 'Class', key: 'c', render: (_, r) => classSectionLabel({ class: r.class ?? null, section: r.section ?? null }) },
              { title: 'Subject', dataIndex: 'subject', render: (v) => v ?? '—' },
              { title: 'Pass Marks', dataIndex: 'pass_marks', render: (v) => v ?? '—' },
              { title: 'Duration', dataIndex: 'duration', render: (v) => `${v} min` },
              { title: 'Start Time', dataIndex: 'start_time', render: (v) => (v ? formatDateTime(v) : 'At once') },
              { title: 'Evaluator', dataIndex: 'evaluator_name', render: (v) => v ?? '—' },
              { title: 'Attempts', key: 'n', render: (_, r) => <Link to={`/online-test/${testId}/attempts/${r.id}/`}>{r.finished} finished of {r.attempts}</Link> },
            ]}
          />
        )}
      </Card>
    </Space>
  );
}
