/**
 * A parent's (or student's) attendance calendar (spec 4 §2.8): pick one of their children, see
 * the year's totals, each month's days present and absent with the school's holidays and weekly
 * off marked, and the days missed. Made for a phone first.
 */
import { readState } from '../../framework/readState.js';
import { Card, Col, List, Progress, Row, Statistic, Typography } from 'antd';
import type { PageProps } from '../registry.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { formatDate } from '../../framework/format.js';
import { ParentStudentPicker } from '../ParentStudentPicker.js';
import { AttendanceCalendar } from '../students/details/AttendanceCalendar.js';

export default function StudentAttendance(_props: PageProps) {
  return (
    <ParentStudentPicker selectId="attendance-student" size="small" title="Attendance">
      {(student) => <ChildAttendance key={student.id} studentId={student.id} />}
    </ParentStudentPicker>
  );
}

function ChildAttendance({ studentId }: { studentId: number }) {
  const { result, query } = useDeclaredQuery('attendance.student', { params: { student_id: studentId } });
  const data = query.isSuccess ? result?.data : undefined;
  const pending = readState(query, 'Could not load the attendance.', !!data);
  if (pending || !data) return pending;
  const { totals } = data;
  const absences = data.days.filter((d) => d.present === 0).reverse();
  return (
    <>
      <Card size="small" title={data.ac_year ? `${data.ac_year.name} · Class ${data.ac_year.class} - ${data.ac_year.section}` : 'Attendance'}>
        {totals.total_days === 0 ? <Typography.Text type="secondary">No attendance has been taken this year yet.</Typography.Text> : (
          <Row gutter={12} align="middle" wrap={false}>
            <Col flex="none"><Progress type="circle" size={72} percent={totals.percentage ?? 0} format={(p) => `${p}%`} aria-label="Attendance this year" /></Col>
            <Col flex="auto"><Statistic title="Present" value={totals.present_days} suffix={`/ ${totals.total_days}`} /></Col>
            <Col flex="auto"><Statistic title="Absent" value={totals.absent_days} valueStyle={{ color: totals.absent_days ? '#cf1322' : undefined }} /></Col>
          </Row>
        )}
      </Card>
      <Card size="small" title="Calendar" styles={{ body: { padding: 8 } }}>
        <AttendanceCalendar days={data.days} holidays={data.holidays} weeklyOff={data.weekly_off} />
      </Card>
      <Card size="small" title="Days absent">
        <List size="small" dataSource={absences} locale={{ emptyText: 'No days absent' }}
          renderItem={(d) => (
            <List.Item style={{ paddingInline: 0 }}>
              <Typography.Text>{formatDate(d.date)}</Typography.Text>
              <Typography.Text type="secondary">{d.reason ?? ''}</Typography.Text>
            </List.Item>
          )} />
      </Card>
    </>
  );
}
