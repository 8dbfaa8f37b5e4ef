/**
 * Employee attendance (/employee/attendance and /employee/attendance/update, spec 3 HR): a date,
 * then one row per employee: present, absent, or on leave of a type. Present clears the leave
 * type. On both screens a row already saved is locked (shown, not editable): payroll's loss of
 * pay is counted from it, and the server refuses to change it.
 */
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { Alert, Button, Card, Empty, Form, List, Select, Space, Tag, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { readState } from '../../framework/readState.js';
import { WIRE_DATE } from '../../framework/dates.js';
import { formatDate } from '../../framework/format.js';
import { useDeclaredCall, useDeclaredQuery, type CallData, type CallInput } from '../../framework/useDeclaredCall.js';
import { LEAVE_CODES, leaveLabel } from './leaveCodes.js';
import { DateInput } from '../../framework/DateInput.js';

type Row = CallData<'employee-attendance.day'>[number];
type Entry = CallInput<'employee-attendance.save'>['body']['data'][number];
type Mark = 'present' | 'absent' | 'leave' | undefined;

const markOf = (r: { present: number | null; leave_type: number | null }): Mark =>
  r.present === 1 ? 'present' : r.present === 0 ? (r.leave_type !== null && r.leave_type !== 0 ? 'leave' : 'absent') : undefined;

export default function EmployeeAttendance(_props: PageProps) {
  const updating = useLocation().pathname.replace(/\/$/, '').endsWith('/update');
  const [date, setDate] = useState<string | undefined>(() => dayjs().format(WIRE_DATE));
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" title={updating ? 'Update Employee Attendance' : 'Employee Attendance'}>
        <Form layout="inline">
          <Form.Item label="Date" htmlFor="employee-attendance-date" required>
            <DateInput id="employee-attendance-date" standalone style={{ width: 'auto' }} value={date ? dayjs(date, WIRE_DATE) : null}
              disabledDate={(d: Dayjs) => d.isAfter(dayjs(), 'day')}
              onChange={(d: Dayjs | null) => setDate(d ? d.format(WIRE_DATE) : undefined)} />
          </Form.Item>
        </Form>
      </Card>
      {date ? <Sheet key={date} date={date} /> : <Alert type="warning" showIcon message="Date is requried!" />}
    </Space>
  );
}

function Sheet({ date }: { date: string }) {
  const { result, query } = useDeclaredQuery('employee-attendance.day', { query: { date } }, { errorToast: false });
  const pending = readState(query, (query.error as { message?: string } | null)?.message ?? 'Something went wrong!', !!result?.data);
  if (pending || !result?.data) return pending;
  return <Marks rows={result.data} date={date} onSaved={() => void query.refetch()} />;
}

function Marks({ rows, date, onSaved }: { rows: Row[]; date: string; onSaved: () => void }) {
  const [marks, setMarks] = useState(() => rows.map((r) => ({ present: r.present, leave_type: r.leave_type })));
  const [saving, setSaving] = useState(false);
  const save = useDeclaredCall('employee-attendance.save');
  const locked = (r: Row) => r.id !== null;
  const counts = useMemo(() => ({
    present: marks.filter((m) => markOf(m) === 'present').length,
    absent: marks.filter((m) => markOf(m) === 'absent').length,
    leave: marks.filter((m) => markOf(m) === 'leave').length,
  }), [marks]);
  const editable = rows.some((r) => !locked(r));

  const setMark = (i: number, mark: Mark) => setMarks((all) => all.map((m, j) => {
    if (j !== i) return m;
    // Present clears the leave type; leave starts with the first paid type.
    if (mark === 'present') return { present: 1, leave_type: null };
    if (mark === 'absent') return { present: 0, leave_type: null };
    if (mark === 'leave') return { present: 0, leave_type: m.leave_type && m.leave_type !== 0 ? m.leave_type : 1 };
    return { present: null, leave_type: null };
  }));

  const submit = async () => {
    setSaving(true);
    try {
      // The sheet has at least one row (an empty one shows no Save).
      const data = rows.map((r, i) => ({ emp_id: r.emp_id, id: r.id, present: marks[i]!.present, leave_type: marks[i]!.leave_type })) as [Entry, ...Entry[]];
      await save({ body: { date, data } });
      onSaved();
    } catch { /* the server's reason is shown as a toast */ } finally {
      setSaving(false);
    }
  };

  if (!rows.length) return <Card size="small"><Empty description="No employees yet: add them under HR, Employees" /></Card>;
  return (
    <Card size="small" title={`Attendance on ${formatDate(date)}`}
      extra={<Button type="primary" onClick={submit} loading={saving} disabled={!editable}>Save</Button>}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">Present {counts.present} · Absent {counts.absent} · On leave {counts.leave}</Typography.Text>
        <Button size="small" disabled={!editable} onClick={() => setMarks((all) => all.map((m, i) => (locked(rows[i]!) || m.present !== null ? m : { present: 1, leave_type: null })))}>
          Mark the rest present
        </Button>
      </Space>
      <List<Row> dataSource={rows} rowKey="emp_id" renderItem={(r, i) => {
        const m = marks[i]!;
        const mark = markOf(m);
        return (
          <List.Item style={{ flexWrap: 'wrap', gap: 8, background: mark === 'absent' ? '#fff1f0' : undefined, paddingInline: 4 }}>
            <div style={{ minWidth: 150, flex: '1 1 150px' }}>
              <div>{r.name} {locked(r) && <Tag icon={<LockOutlined />} color="default">Saved</Tag>}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.job_title}</Typography.Text>
            </div>
            {locked(r) ? (
              <Tag color={mark === 'present' ? 'green' : mark === 'leave' ? 'blue' : 'red'}>
                {mark === 'present' ? 'Present' : mark === 'leave' ? `Leave: ${leaveLabel(m.leave_type)}` : 'Absent'}
              </Tag>
            ) : (
              <Space wrap size={4}>
                <Select aria-label={`${r.name} attendance`} style={{ width: 120 }} value={mark} placeholder="Not marked" allowClear={r.id === null}
                  options={[{ value: 'present', label: 'Present' }, { value: 'absent', label: 'Absent' }, { value: 'leave', label: 'On leave' }]}
                  onChange={(v: Mark) => setMark(i, v)} />
                {mark === 'leave' && (
                  <Select aria-label={`${r.name} leave type`} style={{ width: 130 }} value={m.leave_type}
                    options={LEAVE_CODES.map((c) => ({ value: c.code, label: c.label }))}
                    onChange={(v: number) => setMarks((all) => all.map((x, j) => (j === i ? { present: 0, leave_type: v } : x)))} />
                )}
              </Space>
            )}
          </List.Item>
        );
      }} />
    </Card>
  );
}
