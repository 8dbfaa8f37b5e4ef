/**
 * A parent's (or student's) timetable (spec 4 §2.8): pick one of their children, then that
 * child's class week, a day at a time on a phone (today first).
 */
import { readState } from '../../framework/readState.js';
import { Alert, Card } from 'antd';
import type { PageProps } from '../registry.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { classSectionLabel } from '../../framework/labels.js';
import { ParentStudentPicker } from '../ParentStudentPicker.js';
import { WeekGrid } from './WeekGrid.js';

export default function StudentTimetable(_props: PageProps) {
  return (
    <ParentStudentPicker selectId="timetable-student" size="small" title="Timetable">
      {(student) => <ChildWeek key={student.id} studentId={student.id} />}
    </ParentStudentPicker>
  );
}

function ChildWeek({ studentId }: { studentId: number }) {
  const { result, query } = useDeclaredQuery('timetable.student', { params: { student_id: studentId } });
  const data = query.isSuccess ? result?.data : undefined;
  const pending = readState(query, 'Could not load the timetable.', !!data);
  if (pending || !data) return pending;
  if (!data.timetable || data.student.class == null) return <Alert type="info" showIcon message="This student is not in a class yet." />;
  return (
    <Card size="small" title={`Class ${classSectionLabel({ class: data.student.class, section: data.student.section ?? '' })}`}>
      <WeekGrid timing={data.timing} timetable={data.timetable} of="class" />
    </Card>
  );
}
