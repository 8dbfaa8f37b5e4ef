/**
 * /meeting/new (spec 3 §5): title, description, start time (5-minute steps, not before
 * yesterday) and the invite group; invited users for groups 4 (anyone) and 5 (students, by their
 * family's login). 'Meeting Scheduled'.
 */
import { useNavigate } from 'react-router';
import { Button, Card, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { declaredCall } from '../../../shared/calls.js';
import { payloadRules, requiredRule } from '../../framework/form/payloadRules.js';
import { useDeclaredCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';

const GROUPS = [
  { value: 1, label: 'Parents and Staff' }, { value: 2, label: 'Teachers and Admins' }, { value: 3, label: 'Admins' },
  { value: 4, label: 'Invitees Only' }, { value: 5, label: 'All Staff and Invited Students' },
];
const ROLE = (r: number) => (r === 2 ? 'Teacher' : r === 3 || r === 4 ? 'Admin' : 'Others');

export default function MeetingNew() {
  const navigate = useNavigate();
  const schedule = useDeclaredCall('meetings.schedule');
  const people = useDeclaredQuery('meetings.users');
  const [form] = Form.useForm();
  const invites = Form.useWatch('invites', form) as number | undefined;
  const rules = (field: string) => payloadRules(declaredCall('meetings.schedule').def.payload!, field);
  const staff = people.result?.data?.staff ?? [];
  const students = people.result?.data?.students ?? [];
  const options = invites === 5
    ? students.map((s) => ({ value: s.id, label: `${s.fullname} (${s.class} ${s.section ?? ''})` }))
    : [...staff.map((u) => ({ value: u.id, label: `${u.name} (${ROLE(u.role)})` })), ...students.map((s) => ({ value: s.id, label: `${s.fullname} (${s.class} ${s.section ?? ''})` }))];
  const earliest = dayjs().subtract(1, 'day').startOf('day');
  return (
    <Card title="Schedule Meeting" style={{ maxWidth: 640 }}>
      <Form form={form} layout="vertical" initialValues={{ invites: 1 }} onFinish={async (v: { title: string; description: string; start: Dayjs; invites: number; invited_users?: number[] }) => {
        await schedule({ body: { title: v.title, description: v.description, start_time: v.start.second(0).millisecond(0).toISOString(), invites: v.invites, invited_users: [...new Set(v.invited_users ?? [])], meeting_type: 'conference' } });
        navigate('/meeting/');
      }}>
        <Form.Item name="title" label="Title" rules={rules('title')}><Input maxLength={200} /></Form.Item>
        <Form.Item name="description" label="Description" rules={rules('description')}><Input.TextArea rows={3} maxLength={2000} /></Form.Item>
        <Form.Item name="start" label="Start Time" rules={[requiredRule(declaredCall('meetings.schedule').def.payload!, 'start_time')]}>
          <DatePicker showTime={{ format: 'HH:mm', minuteStep: 5 }} format="DD-MM-YYYY HH:mm" style={{ width: '100%' }} disabledDate={(d) => d.isBefore(earliest)} />
        </Form.Item>
        <Form.Item name="invites" label="Invite" rules={rules('invites')}><Select options={GROUPS} /></Form.Item>
        {(invites === 4 || invites === 5) && (
          <Form.Item name="invited_users" label={invites === 5 ? 'Invited Students' : 'Invited Users'} rules={[{ ...requiredRule(declaredCall('meetings.schedule').def.payload!, 'invited_users'), message: declaredCall('meetings.schedule').def.errors!.invitees }]}>
            <Select mode="multiple" showSearch optionFilterProp="label" options={options} loading={people.query.isLoading} placeholder="Search by name" />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit">Schedule</Button>
      </Form>
    </Card>
  );
}
