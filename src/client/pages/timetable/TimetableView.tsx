/**
 * The timetable (spec 3): a class's week or a teacher's week, picked above it and kept in the
 * address. Admins also get Edit Timetable, Edit Timing and Print.
 */
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useList } from '@refinedev/core';
import { Alert, App, Button, Card, Form, Radio, Select, Space, Spin } from 'antd';
import type { PageProps } from '../registry.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { optionLabel } from '../../framework/labels.js';
import { useClassesAndYears } from '../useClassesAndYears.js';
import type { EntityRow } from '../../../shared/wire.js';
import type { Teacher } from '../../../generated/entities/teachers.js';
import { WeekGrid } from './WeekGrid.js';
import { PICKER } from '../../framework/pickers.js';

const num = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

export default function TimetableView({ resource }: PageProps) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const by = search.get('by') === 'teacher' ? 'teacher' : 'class';
  const classId = num(search.get('class_id'));
  const teacherId = num(search.get('teacher_id'));
  const canEdit = usePageButton(resource, 'view', 'edit');
  const canTiming = usePageButton(resource, 'view', 'timing');
  const canPrint = usePageButton(resource, 'view', 'print');
  const { classes, classesLoading } = useClassesAndYears();
  const teachers = useList<EntityRow<Teacher>>({ resource: 'teachers', pagination: { mode: 'off' }, errorNotification: false, queryOptions: { enabled: by === 'teacher' } });
  const classOptions = useMemo(() => classes.map((c) => ({ value: c.id, label: optionLabel(c, 'class-section') })), [classes]);
  const set = (next: Record<string, string | number | undefined>) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries({ by, class_id: classId, teacher_id: teacherId, ...next })) if (v !== undefined) q.set(k, String(v));
    setSearch(q, { replace: true });
  };
  const ofClass = useDeclaredQuery('timetable.class', { params: { class_id: classId! } }, { enabled: by === 'class' && classId !== undefined });
  const ofTeacher = useDeclaredQuery('timetable.teacher', { params: { id: teacherId! } }, { enabled: by === 'teacher' && teacherId !== undefined });
  const shown = by === 'class' ? (classId !== undefined ? ofClass : null) : (teacherId !== undefined ? ofTeacher : null);
  const data = shown?.query.isSuccess ? shown.result?.data : undefined;
  const select = { ...PICKER, style: { minWidth: 200 } } as const;

  const edit = () => {
    if (by !== 'class' || classId === undefined) return void message.error('Please select class and section');
    navigate(`/timetable/edit?class_id=${classId}`, { state: { classId } });
  };
  const print = () => {
    const q = by === 'class' ? (classId !== undefined ? `class_id=${classId}` : '') : (teacherId !== undefined ? `teacher_id=${teacherId}` : '');
    if (!q) return void message.error('Please select class or teacher');
    navigate(`/timetable/print?${q}`);
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title="Timetable" extra={(canEdit || canTiming || canPrint) && (
        <Space wrap>
          {canEdit && <Button type="primary" onClick={edit}>Edit Timetable</Button>}
          {canTiming && <Button onClick={() => navigate('/timetable/timing/')}>Edit Timing</Button>}
          {canPrint && <Button onClick={print}>Print</Button>}
        </Space>
      )}>
        <Form layout="inline" style={{ rowGap: 8 }}>
          <Form.Item label="View by">
            <Radio.Group value={by} onChange={(e) => set({ by: e.target.value })} optionType="button"
              options={[{ value: 'class', label: 'Class' }, { value: 'teacher', label: 'Teacher' }]} />
          </Form.Item>
          {by === 'class' ? (
            <Form.Item label="Class" htmlFor="timetable-class">
              <Select id="timetable-class" {...select} placeholder="Please select class" loading={classesLoading} options={classOptions}
                value={classId} onChange={(v: number) => set({ class_id: v })} />
            </Form.Item>
          ) : (
            <Form.Item label="Teacher" htmlFor="timetable-teacher">
              <Select id="timetable-teacher" {...select} placeholder="Please select teacher" loading={teachers.query.isLoading}
                options={(teachers.result?.data ?? []).map((t) => ({ value: t.id, label: t.fullname }))}
                value={teacherId} onChange={(v: number) => set({ teacher_id: v })} />
            </Form.Item>
          )}
        </Form>
      </Card>
      {/* Nothing chosen yet: say what fills the empty space below. */}
      {!shown && (
        <Alert type="info" showIcon data-testid="timetable-hint"
          message={by === 'class' ? 'Choose a class to see its week' : 'Choose a teacher to see their week'} />
      )}
      {shown?.query.isLoading && <Spin style={{ display: 'block', margin: 48 }} />}
      {data && (
        <Card size="small" title={'class' in data ? `Class ${optionLabel(data.class, 'class-section')}` : data.teacher.fullname}>
          <WeekGrid timing={data.timing} timetable={data.timetable} of={by} />
        </Card>
      )}
    </Space>
  );
}
