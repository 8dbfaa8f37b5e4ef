/**
 * Report cards (/marks/report-cards): pick a class and year; an admin chooses the test feeding
 * each component of each term; the class teacher or an admin fills in, per student, the
 * co-scholastic and discipline grades of a term, attendance (when the class's is not
 * recorded), remarks, result and the class promoted to; anyone here downloads the class's cards
 * as one PDF (or one student's); an admin publishes them to families.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Input, InputNumber, Popconfirm, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, SaveOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { useClassesAndYears } from '../useClassesAndYears.js';
import { optionLabel } from '../../framework/labels.js';
import { sameValue } from '../../framework/calls.js';
import { download } from '../../framework/csv.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useDeclaredCall, useDeclaredQuery, type CallData, type CallInput } from '../../framework/useDeclaredCall.js';
import { gradedAreas, RESULTS } from '../../../shared/report-card.js';
import { PICKER } from '../../framework/pickers.js';
import { ACYEAR_STATUS } from '../../../generated/enums/academics.js';

type Sheet = CallData<'report-cards.sheet'>;
type Row = Sheet['students'][number];
type Chosen = CallInput<'report-cards.setup'>['body']['components'];
type Saved = CallInput<'report-cards.save'>['body']['students'];

export default function ReportCards({ resource }: PageProps) {
  const { classes, years } = useClassesAndYears();
  const [classId, setClassId] = useState<number>();
  const [yearId, setYearId] = useState<number>();
  useEffect(() => {
    const enabled = years.find((y) => sameValue(y.status, ACYEAR_STATUS.ENABLED));
    if (yearId === undefined && enabled) setYearId(enabled.id);
  }, [years, yearId]);

  const ready = Boolean(classId && yearId);
  const query = useDeclaredQuery('report-cards.sheet', { params: { class_id: classId!, ac_year_id: yearId! } }, { enabled: ready });
  // The query's own data: undefined until this class's sheet has arrived.
  const sheet = ready ? query.query.data?.data : undefined;
  const classOptions = useMemo(() => classes.map((c) => ({ value: c.id, label: optionLabel(c, 'class-section') })), [classes]);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title="Report Cards">
        <Space wrap>
          <label htmlFor="rc-class">Class</label>
          <Select id="rc-class" style={{ width: 160 }} {...PICKER} options={classOptions} value={classId} onChange={setClassId} placeholder="Select class" />
          <label htmlFor="rc-year">Academic Year</label>
          <Select id="rc-year" style={{ width: 140 }} options={years.map((y) => ({ value: y.id, label: y.name }))} value={yearId} onChange={setYearId} />
        </Space>
        {ready && query.query.isError && <Typography.Paragraph type="danger" style={{ marginTop: 12 }}>This class's report cards cannot be opened.</Typography.Paragraph>}
      </Card>
      {sheet && <Prepared key={`${sheet.class.id}-${sheet.year.id}`} resource={resource} sheet={sheet} classOptions={classOptions} reload={() => void query.query.refetch()} />}
    </Space>
  );
}

function Prepared({ resource, sheet, classOptions, reload }: PageProps & { sheet: Sheet; classOptions: Array<{ value: number; label: string }>; reload: () => void }) {
  const canSetup = usePageButton(resource, 'prepare', 'setup');
  const canSave = usePageButton(resource, 'prepare', 'save');
  const canPublish = usePageButton(resource, 'prepare', 'publish');
  const setup = useDeclaredCall('report-cards.setup');
  const save = useDeclaredCall('report-cards.save');
  const publish = useDeclaredCall('report-cards.publish');
  const unpublish = useDeclaredCall('report-cards.unpublish');
  const pdf = useDeclaredCall('report-cards.pdf');
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (what: string, fn: () => Promise<unknown>) => {
    setBusy(what);
    try { await fn(); } catch { /* the call's toast said why */ } finally { setBusy(null); }
  };
  const ids = { class_id: sheet.class.id, ac_year_id: sheet.year.id };
  const cards = async (studentId?: number) => {
    const data = await pdf({ params: ids, query: studentId ? { student_id: String(studentId) } : {} });
    download(data.path, data.name);
  };

  return (
    <>
      <Card
        title={`${sheet.class.name}, ${sheet.year.name}`}
        extra={<Tag color={sheet.published ? 'green' : 'default'}>{sheet.published ? 'Published' : 'Not published'}</Tag>}
      >
        <Space wrap>
          <Button type="primary" icon={<DownloadOutlined />} loading={busy === 'pdf'} onClick={() => void run('pdf', () => cards())}>Download Report Cards (PDF)</Button>
          {canPublish && !sheet.published && (
            <Popconfirm title="Publish these report cards to parents?" okText="Publish" onConfirm={() => run('publish', async () => { await publish({ body: ids }); reload(); })}>
              <Button loading={busy === 'publish'}>Publish</Button>
            </Popconfirm>
          )}
          {canPublish && sheet.published && (
            <Popconfirm title="Take these report cards away from parents?" okText="Withdraw" onConfirm={() => run('unpublish', async () => { await unpublish({ body: ids }); reload(); })}>
              <Button danger loading={busy === 'unpublish'}>Withdraw</Button>
            </Popconfirm>
          )}
          {sheet.class.class_teacher && <Typography.Text type="secondary">Class teacher: {sheet.class.class_teacher}</Typography.Text>}
        </Space>
      </Card>
      <TestsCard sheet={sheet} editable={canSetup} busy={busy === 'setup'}
        onSave={(components) => run('setup', async () => { await setup({ body: { ...ids, components } }); reload(); })} />
      <StudentsCard sheet={sheet} editable={canSave} busy={busy} classOptions={classOptions}
        onSave={(students) => run('save', async () => { await save({ body: { ...ids, students } }); reload(); })}
        onCard={(id) => run(`card-${id}`, () => cards(id))} />
    </>
  );
}

/** Which test feeds each component of each term: a grid of components by terms. */
function TestsCard({ sheet, editable, busy, onSave }: { sheet: Sheet; editable: boolean; busy: boolean; onSave: (c: Chosen) => void }) {
  const key = (term: string, code: string) => `${term}|${code}`;
  const [chosen, setChosen] = useState<Record<string, number | null>>(() => Object.fromEntries(sheet.components.map((c) => [key(c.term, c.component), c.test_id])));
  const options = sheet.tests.map((t) => ({ value: t.id, label: sheet.approved.includes(t.id) ? t.name : `${t.name} (not approved)` }));
  const columns: ColumnsType<Sheet['plan']['components'][number]> = [
    { key: 'component', title: 'Component', render: (_v, c) => `${c.name} (${c.max_marks})`, width: 220 },
    ...sheet.plan.terms.map((term) => ({
      key: term, title: term,
      render: (_v: unknown, c: Sheet['plan']['components'][number]) => (
        <Select aria-label={`${c.name}, ${term}`} style={{ width: '100%', minWidth: 180 }} allowClear disabled={!editable} placeholder="No test"
          options={options} value={chosen[key(term, c.code)] ?? undefined}
          onChange={(v?: number) => setChosen((m) => ({ ...m, [key(term, c.code)]: v ?? null }))} />
      ),
    })),
  ];
  const send = () => onSave(sheet.plan.terms.flatMap((term) => sheet.plan.components.map((c) => ({ term, component: c.code, test_id: chosen[key(term, c.code)] ?? null }))));
  return (
    <Card title="Tests for each component" extra={editable && <Button icon={<SaveOutlined />} loading={busy} onClick={send}>Save Tests</Button>}>
      <Typography.Paragraph type="secondary">Marks are scaled: obtained / the test's max marks × the component's max marks. Absent shows AB and counts 0.</Typography.Paragraph>
      <Table rowKey="code" size="small" pagination={false} columns={columns} dataSource={sheet.plan.components} scroll={{ x: true }} />
    </Card>
  );
}

/** Every student's entries, co-scholastic grades for the term picked above the table. */
function StudentsCard({ sheet, editable, busy, classOptions, onSave, onCard }: {
  sheet: Sheet; editable: boolean; busy: string | null; classOptions: Array<{ value: number; label: string }>;
  onSave: (rows: Saved) => void; onCard: (studentId: number) => void;
}) {
  const [rows, setRows] = useState<Row[]>(sheet.students);
  const [term, setTerm] = useState(sheet.plan.terms[0] ?? '');
  const change = (id: number, patch: Partial<Row>) => setRows((rs) => rs.map((r) => (r.student_id === id ? { ...r, ...patch } : r)));
  const grade = (r: Row, area: string, value: string | null) =>
    change(r.student_id, { co_scholastic: { ...r.co_scholastic, [term]: { ...r.co_scholastic[term], [area]: value } } });
  const recorded = sheet.attendance === 'recorded';

  const columns: ColumnsType<Row> = [
    { key: 'roll', title: 'Roll', width: 56, render: (_v, r) => r.roll_no ?? '' },
    { key: 'name', title: 'Student', width: 170, fixed: 'left', render: (_v, r) => r.fullname },
    ...gradedAreas(sheet.plan).map((a) => ({
      key: a.name, title: a.name, width: 110,
      render: (_v: unknown, r: Row) => (
        <Select aria-label={`${a.name} of ${r.fullname}`} style={{ width: 80 }} allowClear disabled={!editable}
          options={a.grades.map((g) => ({ value: g, label: g }))} value={r.co_scholastic[term]?.[a.name] ?? undefined}
          onChange={(v?: string) => grade(r, a.name, v ?? null)} />
      ),
    })),
    {
      key: 'attendance', title: recorded ? 'Attendance (recorded)' : 'Days Present / Working Days', width: 190,
      render: (_v, r) => (recorded && r.recorded ? `${r.recorded.present} / ${r.recorded.working}` : (
        <Space size={4}>
          <InputNumber aria-label={`Days present of ${r.fullname}`} min={0} max={400} style={{ width: 70 }} disabled={!editable} value={r.days_present} onChange={(v) => change(r.student_id, { days_present: v ?? null })} />
          /
          <InputNumber aria-label={`Working days of ${r.fullname}`} min={0} max={400} style={{ width: 70 }} disabled={!editable} value={r.working_days} onChange={(v) => change(r.student_id, { working_days: v ?? null })} />
        </Space>
      )),
    },
    {
      key: 'remarks', title: "Class Teacher's Remarks", width: 260,
      render: (_v, r) => <Input.TextArea aria-label={`Remarks for ${r.fullname}`} autoSize={{ minRows: 1, maxRows: 3 }} maxLength={500} disabled={!editable} value={r.remarks ?? ''} onChange={(e) => change(r.student_id, { remarks: e.target.value })} />,
    },
    {
      key: 'result', title: 'Result', width: 170,
      render: (_v, r) => <Select aria-label={`Result of ${r.fullname}`} style={{ width: 160 }} allowClear disabled={!editable} options={RESULTS.map((x) => ({ value: x, label: x }))} value={r.result ?? undefined} onChange={(v?: Row['result']) => change(r.student_id, { result: v ?? null })} />,
    },
    {
      key: 'promoted', title: 'Promoted To', width: 140,
      render: (_v, r) => <Select aria-label={`Class ${r.fullname} is promoted to`} style={{ width: 120 }} allowClear {...PICKER} disabled={!editable} options={classOptions} value={r.promoted_to_class_id ?? undefined} onChange={(v?: number) => change(r.student_id, { promoted_to_class_id: v ?? null })} />,
    },
    {
      key: 'card', title: 'Card', width: 70,
      render: (_v, r) => <Button aria-label={`Report card of ${r.fullname}`} icon={<DownloadOutlined />} loading={busy === `card-${r.student_id}`} onClick={() => onCard(r.student_id)} />,
    },
  ];
  return (
    <Card title={`Students (${rows.length})`}
      extra={editable && <Button type="primary" icon={<SaveOutlined />} loading={busy === 'save'} onClick={() => onSave(rows.map(({ student_id, co_scholastic, days_present, working_days, remarks, result, promoted_to_class_id }) => (
        { student_id, co_scholastic, result, remarks, promoted_to_class_id, ...(recorded ? {} : { days_present, working_days }) })))}>Save Report Cards</Button>}>
      <Space style={{ marginBottom: 12 }}>
        <span id="rc-term">Grades of</span>
        <Segmented aria-labelledby="rc-term" options={sheet.plan.terms} value={term} onChange={(v) => setTerm(String(v))} />
      </Space>
      <Table<Row> rowKey="student_id" size="small" pagination={false} columns={columns} dataSource={rows} scroll={{ x: 'max-content' }} />
    </Card>
  );
}
