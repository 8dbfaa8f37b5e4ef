/**
 * A printable week of a class or a teacher (?class_id= or ?teacher_id=): shown plainly, printed
 * 300 ms after it is drawn, then back to where the person came from.
 */
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Spin, Typography } from 'antd';
import type { PageProps } from '../registry.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { optionLabel } from '../../framework/labels.js';
import { useSession } from '../../app/SessionContext.js';
import { WeekGrid } from './WeekGrid.js';

const num = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
const PRINT_DELAY_MS = 300;

export default function TimetablePrint(_props: PageProps) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { school } = useSession();
  const classId = num(search.get('class_id'));
  const teacherId = classId === undefined ? num(search.get('teacher_id')) : undefined;
  const ofClass = useDeclaredQuery('timetable.class', { params: { class_id: classId! } }, { enabled: classId !== undefined });
  const ofTeacher = useDeclaredQuery('timetable.teacher', { params: { id: teacherId! } }, { enabled: teacherId !== undefined });
  const q = classId !== undefined ? ofClass : teacherId !== undefined ? ofTeacher : null;
  const data = q?.query.isSuccess ? q.result?.data : undefined;

  useEffect(() => {
    if (!data) return;
    const timer = window.setTimeout(() => { window.print(); navigate(-1); }, PRINT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [data, navigate]);

  if (!q) return <Alert type="warning" showIcon message="Please select class or teacher" />;
  if (q.query.isError) return <Alert type="error" showIcon message="Could not load the timetable." />;
  if (!data) return <Spin style={{ display: 'block', margin: 48 }} />;
  return (
    <div className="timetable-print">
      {/* Only the timetable on paper: the application's frame stays on screen. */}
      <style>{'@media print { .ant-layout-sider, .ant-layout-header, .ant-layout-footer { display: none !important; } }'}</style>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {school.school_name}: Timetable of {'class' in data ? `Class ${optionLabel(data.class, 'class-section')}` : data.teacher.fullname}
      </Typography.Title>
      <WeekGrid timing={data.timing} timetable={data.timetable} of={'class' in data ? 'class' : 'teacher'} print />
    </div>
  );
}
