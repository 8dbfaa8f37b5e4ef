/**
 * The timetable editor (spec 3): one class's week, one grid per day, monday to saturday. Pick a
 * day first, then a period (breaks cannot be picked), a subject of the class, a teacher and a
 * room; a teacher already placed in another class in that day and period is flagged before the
 * save, which the server refuses too. The class comes in the navigation state, or the address.
 */
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useList } from '@refinedev/core';
import { Alert, App, Button, Card, Col, Form, Input, Row, Select, Space, Spin, Table, Typography } from 'antd';
import type { PageProps } from '../registry.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useDeclaredCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { classSectionLabel, optionLabel } from '../../framework/labels.js';
import { useClassesAndYears } from '../useClassesAndYears.js';
import { DAYS, DAY_LABELS, type Day } from '../../../shared/timetable.js';
import type { EntityRow } from '../../../shared/wire.js';
import type { Subject } from '../../../generated/entities/academics.js';
import type { Teacher } from '../../../generated/entities/teachers.js';
import { timeRange, type Timing } from './timetableModel.js';
import { PICKER } from '../../framework/pickers.js';

interface Draft { period_id: number; subject_id: number | null; subject: string | null; teacher_id: number | null; teacher: string | null; room: string | null }
type Drafts = Record<Day, Draft[]>;
interface Pick { period_id?: number; subject_id?: number; teacher_id?: number; room?: string }

const emptyWeek = (): Drafts => Object.fromEntries(DAYS.map((d) => [d, []])) as unknown as Drafts;
const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined);

export default function TimetableEditor({ resource }: PageProps) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const classId = num((location.state as { classId?: unknown } | null)?.classId) ?? num(search.get('class_id'));
  const { classes, classesLoading } = useClassesAndYears();
  const canSave = usePageButton(resource, 'edit', 'save');
  const loaded = useDeclaredQuery('timetable.class', { params: { class_id: classId! } }, { enabled: classId !== undefined });
  const subjects = useList<EntityRow<Subject>>({
    resource: 'subjects', pagination: { mode: 'off' }, errorNotification: false,
    filters: [{ field: 'class_id', operator: 'eq', value: classId }], queryOptions: { enabled: classId !== undefined },
  });
  const teachers = useList<EntityRow<Teacher>>({ resource: 'teachers', pagination: { mode: 'off' }, errorNotification: false });
  const availability = useDeclaredCall('timetable.availability', { toast: false, errorToast: false });
  const save = useDeclaredCall('timetable.save');

  const [week, setWeek] = useState<Drafts>(emptyWeek);
  const [day, setDay] = useState<Day>();
  const [pick, setPick] = useState<Pick>({});
  const [clash, setClash] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const data = loaded.query.isSuccess ? loaded.result?.data : undefined;
  const timing: Timing[] = useMemo(() => data?.timing ?? [], [data]);

  useEffect(() => {
    if (!data) return;
    const next = emptyWeek();
    for (const d of DAYS) next[d] = data.timetable[d].map((e) => ({ period_id: e.period_id, subject_id: e.subject_id, subject: e.subject, teacher_id: e.teacher_id, teacher: e.teacher, room: e.room }));
    setWeek(next);
  }, [data]);

  // Is the chosen teacher already placed elsewhere in this day and period?
  useEffect(() => {
    setClash(null);
    if (!day || !pick.period_id || !pick.teacher_id || classId === undefined) return;
    let live = true;
    availability({ body: { day, period_id: pick.period_id, teacher_id: pick.teacher_id, class_id: classId } })
      .then((others) => { if (live && others.length) setClash(`This teacher has another class: ${others.map((o) => classSectionLabel(o)).join(', ')}`); })
      .catch(() => undefined);
    return () => { live = false; };
  }, [day, pick.period_id, pick.teacher_id, classId, availability]);

  const order = useMemo(() => new Map(timing.map((p, i) => [p.id, i])), [timing]);
  const periodOf = useMemo(() => new Map(timing.map((p) => [p.id, p])), [timing]);
  const subjectRows = subjects.result?.data ?? [];
  const teacherRows = teachers.result?.data ?? [];

  const needDay = () => {
    if (day) return false;
    message.error('Please select day first');
    return true;
  };
  const choose = (p: Partial<Pick>) => { if (!needDay()) setPick((x) => ({ ...x, ...p })); };

  const add = () => {
    if (needDay() || !day) return;
    if (!pick.period_id) return void message.error('Please select the period');
    if (clash) return void message.error(clash);
    const subject = subjectRows.find((s) => s.id === pick.subject_id);
    const teacher = teacherRows.find((t) => t.id === pick.teacher_id);
    const entry: Draft = {
      period_id: pick.period_id, subject_id: subject?.id ?? null, subject: subject?.name ?? null,
      teacher_id: teacher?.id ?? null, teacher: teacher?.fullname ?? null, room: pick.room?.trim() || null,
    };
    setWeek((w) => ({ ...w, [day]: [...w[day].filter((e) => e.period_id !== entry.period_id), entry].sort((a, b) => (order.get(a.period_id) ?? 0) - (order.get(b.period_id) ?? 0)) }));
    setPick({});
  };

  const saveWeek = async () => {
    if (classId === undefined) return;
    setSaving(true);
    try {
      await save({ params: { class_id: classId }, body: { timetable: week } });
      await loaded.query.refetch();
    } catch { /* the server's refusal is shown as a toast */ } finally { setSaving(false); }
  };

  const classPicker = (
    <Form.Item label="Class" htmlFor="timetable-edit-class" style={{ marginBottom: 0 }}>
      <Select id="timetable-edit-class" {...PICKER} style={{ minWidth: 160 }} placeholder="Please select class" loading={classesLoading}
        options={classes.map((c) => ({ value: c.id, label: optionLabel(c, 'class-section') }))} value={classId}
        onChange={(v: number) => { setSearch(new URLSearchParams({ class_id: String(v) }), { replace: true, state: { classId: v } }); setDay(undefined); setPick({}); }} />
    </Form.Item>
  );

  if (classId === undefined) {
    return <Card title="Edit Timetable">{classPicker}<Alert style={{ marginTop: 16 }} type="warning" showIcon message="Please select class and section" /></Card>;
  }
  if (loaded.query.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (loaded.query.isError || !data) return <Alert type="error" showIcon message="Could not load the timetable." />;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={`Edit Timetable: ${optionLabel(data.class, 'class-section')}`} extra={
        <Space wrap>
          <Button onClick={() => navigate(`/timetable/?class_id=${classId}`)}>Back to Timetable</Button>
          {canSave && <Button type="primary" loading={saving} onClick={saveWeek}>Save Timetable</Button>}
        </Space>
      }>
        {classPicker}
        {!timing.length && <Alert style={{ marginTop: 16 }} type="warning" showIcon message="Set the school timings first (Edit Timing)." />}
        <Form layout="vertical" style={{ marginTop: 16 }}>
          <Row gutter={12}>
            <Col xs={24} sm={12} md={4}>
              <Form.Item label="Day" htmlFor="tt-day">
                <Select id="tt-day" placeholder="Select day" value={day} onChange={(d: Day) => { setDay(d); setPick({}); }}
                  options={DAYS.map((d) => ({ value: d, label: DAY_LABELS[d] }))} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} md={5}>
              <Form.Item label="Period" htmlFor="tt-period">
                <Select id="tt-period" placeholder="Select period" value={pick.period_id} onFocus={needDay} onChange={(v: number) => choose({ period_id: v })}
                  options={timing.map((p) => ({ value: p.id, label: `${p.name} (${timeRange(p)})${p.period_type === 0 ? ' – break' : ''}`, disabled: p.period_type === 0 }))} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} md={5}>
              <Form.Item label="Subject" htmlFor="tt-subject">
                <Select id="tt-subject" placeholder="Select subject" allowClear {...PICKER} value={pick.subject_id} onFocus={needDay}
                  onChange={(v?: number) => {
                    const s = subjectRows.find((x) => x.id === v);
                    choose({ subject_id: v, ...(s?.subject_teacher_id && !pick.teacher_id ? { teacher_id: s.subject_teacher_id } : {}) });
                  }}
                  options={subjectRows.map((s) => ({ value: s.id, label: s.name }))} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} md={5}>
              <Form.Item label="Teacher" htmlFor="tt-teacher" validateStatus={clash ? 'error' : undefined} help={clash ?? undefined}>
                <Select id="tt-teacher" placeholder="Select teacher" allowClear {...PICKER} value={pick.teacher_id} onFocus={needDay}
                  onChange={(v?: number) => choose({ teacher_id: v })} options={teacherRows.map((t) => ({ value: t.id, label: t.fullname }))} />
              </Form.Item>
            </Col>
            <Col xs={16} sm={8} md={3}>
              <Form.Item label="Room" htmlFor="tt-room">
                <Input id="tt-room" maxLength={30} value={pick.room} onFocus={needDay} onChange={(e) => choose({ room: e.target.value })} />
              </Form.Item>
            </Col>
            <Col xs={8} sm={4} md={2}>
              <Form.Item label=" " colon={false}>
                <Button onClick={add} disabled={!!clash}>Add</Button>
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Card>
      <Row gutter={[16, 16]}>
        {DAYS.map((d) => (
          <Col key={d} xs={24} lg={12}>
            <Card size="small" title={DAY_LABELS[d]} style={d === day ? { borderColor: '#1677ff' } : undefined}
              extra={<Button size="small" type={d === day ? 'primary' : 'default'} onClick={() => { setDay(d); setPick({}); }}>{d === day ? 'Editing' : 'Edit day'}</Button>}>
              <Table<Draft> size="small" pagination={false} rowKey="period_id" dataSource={week[d]} aria-label={`${DAY_LABELS[d]} timetable`}
                locale={{ emptyText: 'No periods yet' }}
                columns={[
                  { title: 'Period', key: 'period', render: (_, e) => { const p = periodOf.get(e.period_id); return p ? <>{p.name}<br /><Typography.Text type="secondary">{timeRange(p)}</Typography.Text></> : '—'; } },
                  { title: 'Subject', dataIndex: 'subject', render: (v) => v ?? '—' },
                  { title: 'Teacher', dataIndex: 'teacher', render: (v) => v ?? '—' },
                  { title: 'Room', dataIndex: 'room', render: (v) => v ?? '—' },
                  {
                    title: '', key: 'actions', render: (_, e) => (
                      <Space size={4}>
                        <Button size="small" type="link" onClick={() => { setDay(d); setPick({ period_id: e.period_id, subject_id: e.subject_id ?? undefined, teacher_id: e.teacher_id ?? undefined, room: e.room ?? undefined }); }}>Edit</Button>
                        <Button size="small" type="link" danger onClick={() => setWeek((w) => ({ ...w, [d]: w[d].filter((x) => x.period_id !== e.period_id) }))}>Remove</Button>
                      </Space>
                    ),
                  },
                ]} />
            </Card>
          </Col>
        ))}
      </Row>
    </Space>
  );
}
