/**
 * Taking attendance (/attendance/update, spec 3 Attendance): a class and a day, then one row per
 * student with a present switch (present unless already marked absent) and a control to mark
 * everyone at once. Saved whole; holidays, the weekly off and days to come are not taken.
 */
import { readState } from '../../framework/readState.js';
import { useMemo, useState } from 'react';
import { App, Alert, Button, Card, Radio, Space, Switch, Table, Typography } from 'antd';
import type { PageProps } from '../registry.js';
import { useDeclaredCall, useDeclaredQuery, type CallInput } from '../../framework/useDeclaredCall.js';
import { errorText } from '../../framework/useCall.js';
import { formatDate } from '../../framework/format.js';
import { AttendancePicks, dayNotTaken, useConfirmedPicks } from './AttendancePicks.js';
import { MarkTag, type DayRow } from './attendanceParts.js';

const FAILED = 'Something went wrong!';

type TakeBody = CallInput<'attendance.take'>['body'];

export default function AttendanceTake(_props: PageProps) {
  const [picks, confirm] = useConfirmedPicks();
  const ready = picks.class_id !== undefined && picks.year !== undefined && picks.date !== undefined;
  const off = ready ? dayNotTaken(picks.date!) : null;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title="Take Attendance" size="small">
        <AttendancePicks picks={picks} onGo={confirm} incomplete="Please Select class, section and date" idPrefix="attendance-take" />
      </Card>
      {!ready && <Alert type="info" showIcon message="Select class, academic year and date, then Go." />}
      {ready && off && <Alert type="warning" showIcon message={off} />}
      {ready && !off && <Sheet key={`${picks.class_id}-${picks.year}-${picks.date}`} classId={picks.class_id!} year={picks.year!} date={picks.date!} />}
    </Space>
  );
}

function Sheet({ classId, year, date }: { classId: number; year: number; date: string }) {
  const { result, query } = useDeclaredQuery('attendance.classDay', { params: { class: classId, date, acYear: year } }, { errorToast: false });
  const pending = readState(query, (query.error as { message?: string } | null)?.message ?? FAILED, !!result?.data);
  if (pending || !result?.data) return pending;
  return <Marks rows={result.data} classId={classId} year={year} date={date} onSaved={() => void query.refetch()} />;
}

function Marks({ rows, classId, year, date, onSaved }: { rows: DayRow[]; classId: number; year: number; date: string; onSaved: () => void }) {
  const { notification } = App.useApp();
  // Present by default; a day already taken opens as it was taken.
  const [present, setPresent] = useState<boolean[]>(() => rows.map((r) => r.present !== 0));
  const [saving, setSaving] = useState(false);
  const save = useDeclaredCall('attendance.take', { errorToast: false });
  const absent = present.filter((p) => !p).length;
  const all = absent === 0 ? 'present' : absent === rows.length ? 'absent' : undefined;
  const taken = rows.some((r) => r.present !== null);

  const submit = async () => {
    setSaving(true);
    try {
      // The Save button is off for a class with no students, so there is at least one row.
      const attendance = rows.map((r, i) => ({ att_id: r.att_id, student_id: r.student_id, present: present[i] ? 1 as const : 0 as const })) as TakeBody['attendance'];
      await save({ body: { class_id: classId, ac_year_id: year, date, attendance } });
      onSaved();
    } catch (e) {
      const why = errorText(e);
      notification.error({ message: FAILED, description: why && why !== FAILED ? why : undefined });
    } finally {
      setSaving(false);
    }
  };

  const columns = useMemo(() => [
    { key: 'roll', title: 'Roll No', width: 70, render: (_v: unknown, r: DayRow) => r.roll_no ?? '' },
    { key: 'name', title: 'Name', render: (_v: unknown, r: DayRow) => <><div>{r.fullname}</div><Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.admission_no}</Typography.Text></> },
    {
      key: 'present', title: 'Present', width: 120,
      render: (_v: unknown, r: DayRow, i: number) => (
        <Switch aria-label={`${r.fullname} present`} checked={present[i]} checkedChildren="P" unCheckedChildren="A"
          onChange={(v) => setPresent((p) => p.map((x, j) => (j === i ? v : x)))} />
      ),
    },
    { key: 'saved', title: 'Saved', width: 110, render: (_v: unknown, r: DayRow) => <MarkTag present={r.present} /> },
    { key: 'days', title: 'Days Present', width: 120, render: (_v: unknown, r: DayRow) => `${r.present_days} / ${r.total_days}` },
  ], [present]);

  return (
    <Card size="small" title={`Attendance on ${formatDate(date)}${taken ? ' (taken)' : ''}`}
      extra={<Button type="primary" onClick={submit} loading={saving} disabled={!rows.length}>Save Attendance</Button>}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Text>Mark all</Typography.Text>
        <Radio.Group optionType="button" value={all} aria-label="Mark all"
          options={[{ value: 'present', label: 'Present' }, { value: 'absent', label: 'Absent' }]}
          onChange={(e) => setPresent(rows.map(() => e.target.value === 'present'))} />
        <Typography.Text type="secondary">Present {rows.length - absent} · Absent {absent}</Typography.Text>
      </Space>
      <Table<DayRow> rowKey="student_id" size="small" pagination={false} columns={columns} dataSource={rows} scroll={{ x: 520 }}
        onRow={(_r, i) => ({ style: i !== undefined && !present[i] ? { background: '#fff1f0' } : undefined })}
        locale={{ emptyText: 'No students in this class for the year' }} />
    </Card>
  );
}
