/**
 * The attendance list (/attendance/, spec 3 Attendance): a class's day, each student present,
 * absent or not taken, with their days present out of the days taken so far in the year, and a
 * link to take or change the day.
 */
import { readState } from '../../framework/readState.js';
import { Link } from 'react-router';
import { Alert, Button, Card, Space, Table, Tag, Typography } from 'antd';
import type { PageProps } from '../registry.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { usePageButton } from '../../framework/useAccess.js';
import { formatDate } from '../../framework/format.js';
import { AttendancePicks, dayNotTaken, useConfirmedPicks } from './AttendancePicks.js';
import { MarkTag, type DayRow } from './attendanceParts.js';

export default function AttendanceList({ resource }: PageProps) {
  const [picks, confirm] = useConfirmedPicks();
  const canTake = usePageButton(resource, 'list', 'take');
  const ready = picks.class_id !== undefined && picks.year !== undefined && picks.date !== undefined;
  const updateLink = `/attendance/update?${new URLSearchParams(Object.entries(picks).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString()}`;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title="Attendance" size="small" extra={canTake && <Link to={updateLink}><Button>Update Attendance</Button></Link>}>
        <AttendancePicks picks={picks} onGo={confirm} incomplete="Please Select class, section, academic year and date" idPrefix="attendance-list" />
      </Card>
      {!ready && <Alert type="info" showIcon message="Select class, academic year and date, then Go." />}
      {ready && <ClassDay classId={picks.class_id!} year={picks.year!} date={picks.date!} />}
    </Space>
  );
}

function ClassDay({ classId, year, date }: { classId: number; year: number; date: string }) {
  const { result, query } = useDeclaredQuery('attendance.classDay', { params: { class: classId, date, acYear: year }, query: { list: 'true' } });
  const rows = query.isSuccess ? result?.data ?? [] : [];
  const off = dayNotTaken(date);
  const taken = rows.filter((r) => r.present !== null);
  const absent = taken.filter((r) => r.present === 0).length;
  const pending = readState(query, (query.error as { message?: string } | null)?.message ?? 'Could not load the attendance');
  if (pending) return pending;
  return (
    <Card size="small" title={`Attendance on ${formatDate(date)}`}
      extra={taken.length ? <Typography.Text>Present {taken.length - absent} · Absent {absent}</Typography.Text> : <Tag>Not taken</Tag>}>
      {off && <Alert style={{ marginBottom: 12 }} type="warning" showIcon message={off} />}
      <Table<DayRow> rowKey="student_id" size="small" pagination={false} dataSource={rows} scroll={{ x: 560 }}
        locale={{ emptyText: 'No students in this class for the year' }}
        columns={[
          { key: 'roll', title: 'Roll No', width: 80, render: (_v, r) => r.roll_no ?? '' },
          { key: 'adm', title: 'Adm. No', dataIndex: 'admission_no', width: 130 },
          { key: 'name', title: 'Name', dataIndex: 'fullname' },
          { key: 'present', title: 'Attendance', width: 130, render: (_v, r) => <MarkTag present={r.present} /> },
          { key: 'days', title: 'Days Present', width: 130, render: (_v, r) => `${r.present_days} / ${r.total_days}` },
        ]} />
    </Card>
  );
}
