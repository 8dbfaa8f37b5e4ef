/**
 * The marks editor (/marks/update, spec 2 Marks): class, year, test and subject, then one row
 * per student. Made for a teacher with a pile of answer scripts: type a mark and press Enter or
 * Tab to go down the column (Shift with either goes up), paste a column from a spreadsheet to
 * fill the rows from the cell pasted into, AB for absent. The server refuses what this screen
 * marks red, in the same words; approved marks are shown read-only.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useList } from '@refinedev/core';
import { Alert, Button, Card, Input, Select, Space, Table, Tag, Typography, type InputRef } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { PageProps } from '../registry.js';
import { useDeclaredCall, useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { gradeFor, percentOf } from '../../../shared/grades.js';
import { MarksPicks, usePicks } from './MarksPicks.js';
import { NoTestHint } from './NoTestHint.js';
import { applyPaste, isBlockPaste, markText, readMark } from './marksModel.js';

type Sheet = CallData<'marks.sheetOfYear'>;
type Row = Sheet['marks'][number];

export default function MarksEditor(_props: PageProps) {
  const [picks, set] = usePicks();
  const ready = picks.class_id !== undefined && picks.year !== undefined && picks.test !== undefined && picks.subject_id !== undefined;
  const testSubjects = useList<{ id: number }>({
    resource: 'test-subjects', pagination: { mode: 'off' }, errorNotification: false, queryOptions: { enabled: ready },
    filters: [{ field: 'test_id', operator: 'eq', value: picks.test }, { field: 'class_id', operator: 'eq', value: picks.class_id }, { field: 'subject_id', operator: 'eq', value: picks.subject_id }],
  });
  const testSubject = testSubjects.result?.data?.[0];
  const looked = ready && !testSubjects.query.isFetching && testSubjects.result !== undefined;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title="Update Marks" size="small">
        <MarksPicks picks={picks} set={set} withSubject />
      </Card>
      {!ready && <Alert type="info" showIcon message="Select class, academic year, test and subject to enter marks." />}
      {looked && !testSubject && <NoTestHint picks={picks as Required<typeof picks>} onPickTest={(test) => set({ test })} />}
      {ready && testSubject && <SheetEditor key={`${testSubject.id}-${picks.year}`} testSubjectId={testSubject.id} classId={picks.class_id!} year={picks.year!} />}
    </Space>
  );
}

function SheetEditor({ testSubjectId, classId, year }: { testSubjectId: number; classId: number; year: number }) {
  const { result, query } = useDeclaredQuery('marks.sheetOfYear', { params: { test_subject_id: testSubjectId, class_id: classId, year } }, { errorToast: false });
  const sheet = query.isSuccess ? result?.data : undefined;
  if (query.isLoading) return <Card loading />;
  if (query.isError || !sheet) return <Alert type="error" showIcon message={(query.error as { message?: string } | null)?.message ?? 'Could not load the marks'} />;
  return <SheetTable sheet={sheet} onSaved={() => void query.refetch()} />;
}

function SheetTable({ sheet, onSaved }: { sheet: Sheet; onSaved: () => void }) {
  const ts = sheet.test_subject;
  const graded = ts.marks_type === 2;
  const [cells, setCells] = useState<string[]>(() => sheet.marks.map((r) => markText(r)));
  const [grades, setGrades] = useState<Array<string | null>>(() => sheet.marks.map((r) => r.grade));
  const [saving, setSaving] = useState(false);
  const inputs = useRef<Array<InputRef | null>>([]);
  const save = useDeclaredCall('marks.save');
  useEffect(() => { inputs.current[0]?.focus(); }, []);

  const read = useMemo(() => cells.map((c) => readMark(c, ts.max_marks)), [cells, ts.max_marks]);
  const errors = read.filter((r) => r.error).length;
  const locked = sheet.approved;

  const move = (i: number, by: number) => {
    const next = inputs.current[Math.max(0, Math.min(cells.length - 1, i + by))];
    next?.focus();
    next?.select?.();
  };
  const onKey = (i: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === 'Tab') { e.preventDefault(); move(i, e.shiftKey ? -1 : 1); }
    else if (e.key === 'ArrowDown') { e.preventDefault(); move(i, 1); }
    else if (e.key === 'ArrowUp') { e.preventDefault(); move(i, -1); }
  };

  const submit = async () => {
    setSaving(true);
    try {
      await save({
        body: {
          test_subject_id: ts.id,
          marks: sheet.marks.map((r, i) => ({ marks_id: r.marks_id, student_id: r.student_id, marks: graded ? (cells[i] === 'AB' ? 'AB' : null) : read[i]!.value, grade: graded ? grades[i] ?? null : null })),
        },
      });
      onSaved();
    } catch {
      // The server's refusal is shown as a toast; the entries stay for correcting.
    } finally {
      setSaving(false);
    }
  };

  const columns: ColumnsType<Row> = [
    { key: 'roll', title: 'Roll No', width: 80, render: (_v, r) => r.roll_no ?? '' },
    { key: 'adm', title: 'Adm. No', dataIndex: 'admission_no', width: 120 },
    { key: 'name', title: 'Name', dataIndex: 'fullname' },
    graded ? {
      key: 'grade', title: 'Grade', width: 160,
      render: (_v, r, i) => (
        <Select aria-label={`Grade of ${r.fullname}`} style={{ width: 120 }} allowClear disabled={locked} value={cells[i] === 'AB' ? 'AB' : grades[i] ?? undefined}
          options={[...sheet.scale.map((b) => ({ value: b.grade, label: b.grade })), { value: 'AB', label: 'AB (absent)' }]}
          onChange={(v?: string) => {
            setCells((c) => c.map((x, j) => (j === i ? (v === 'AB' ? 'AB' : '') : x)));
            setGrades((g) => g.map((x, j) => (j === i ? (v && v !== 'AB' ? v : null) : x)));
          }} />
      ),
    } : {
      key: 'marks', title: `Marks (max ${ts.max_marks})`, width: 200,
      render: (_v, r, i) => (
        <div>
          <Input
            ref={(el) => { inputs.current[i] = el; }}
            aria-label={`Marks of ${r.fullname}`} inputMode="decimal" autoComplete="off" disabled={locked}
            value={cells[i]} status={read[i]!.error ? 'error' : undefined} style={{ width: 110 }}
            onChange={(e) => { const v = e.target.value; setCells((c) => c.map((x, j) => (j === i ? v : x))); }}
            onKeyDown={onKey(i)}
            onPaste={(e) => {
              const text = e.clipboardData.getData('text');
              if (!isBlockPaste(text)) return;
              e.preventDefault();
              setCells((c) => applyPaste(c, i, text));
            }}
          />
          {read[i]!.error && <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>{read[i]!.error}</Typography.Text>}
        </div>
      ),
    },
    ...(graded ? [] : [{
      key: 'gradeOf', title: 'Grade', width: 80,
      render: (_v: unknown, _r: Row, i: number) => {
        const v = read[i]!.value;
        if (v === 'AB') return <Tag>AB</Tag>;
        if (typeof v !== 'number' || read[i]!.error) return '';
        return gradeFor(percentOf(v, ts.max_marks), sheet.scale);
      },
    }]),
  ];

  return (
    <Card
      size="small"
      title={`${ts.test_name} · ${ts.class} - ${ts.section} · ${ts.subject_name}`}
      extra={<Button type="primary" onClick={submit} loading={saving} disabled={locked || errors > 0 || !sheet.marks.length}>Save Marks</Button>}
    >
      {locked && <Alert style={{ marginBottom: 12 }} type="info" showIcon message="These marks are approved. Ask an admin to re-open them to make changes." />}
      {!locked && !graded && <Typography.Paragraph type="secondary">Enter or Tab moves down the column, Shift goes up. Paste a column from a spreadsheet into the first cell to fill the rows. Type AB for a student who was absent.</Typography.Paragraph>}
      <Table<Row> rowKey="student_id" size="small" pagination={false} columns={columns} dataSource={sheet.marks} scroll={{ x: 560 }}
        locale={{ emptyText: 'No students in this class for the year' }} />
    </Card>
  );
}
