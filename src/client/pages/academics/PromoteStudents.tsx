/**
 * Promote students (/academics/promote/): From class and year, To class and year, the From
 * class's students of that year with their year status, and the four actions (Shuffle, Year
 * Back/Break, Graduate, Promote). Each action is checked here first with the server's messages;
 * after success the selection is cleared and the list reloaded.
 */
import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Form, Select, Space, Table, Tag } from 'antd';
import { useList, useNotification } from '@refinedev/core';
import type { ClassRow, YearRow } from '../useClassesAndYears.js';
import type { PageProps } from '../registry.js';
import { type CallInput, useDeclaredCall, useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { optionLabel } from '../../framework/labels.js';
import { errorNotification } from '../../framework/notify.js';
import { sameValue } from '../../framework/calls.js';
import { statusLabel } from '../students/studentModel.js';
import { lowerClassProblem, PROMOTE_MSG, promoteBody, promoteProblem, promoteQuestion, type PromoteAction, type PromoteState } from '../../../shared/promotion.js';
import { totalOf } from '../../../shared/plural.js';
import { PICKER } from '../../framework/pickers.js';
import { ACYEAR_STATUS } from '../../../generated/enums/academics.js';

type Row = CallData<'students.classYearList'>[number];

const STATUS_COLORS: Record<string, string> = {
  Current: 'green', Promoted: 'blue', Graduated: 'purple', Shuffled: 'orange', Detained: 'red', 'Year Break': 'gold',
};

export default function PromoteStudents(_props: PageProps) {
  const [fromClass, setFromClass] = useState<number>();
  const [fromYear, setFromYear] = useState<number>();
  const [toClass, setToClass] = useState<number>();
  const [toYear, setToYear] = useState<number>();
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState<PromoteAction | null>(null);
  const { open } = useNotification();
  const { modal } = App.useApp();

  const classes = useList<ClassRow>({ resource: 'classes', pagination: { mode: 'off' }, errorNotification });
  const years = useList<YearRow>({ resource: 'acyears', pagination: { mode: 'off' }, errorNotification });
  const classRows = classes.result?.data ?? [];
  const classOptions = useMemo(() => classRows.map((r) => ({ value: r.id, label: optionLabel(r, 'class-section') })), [classRows]);
  const yearRows = years.result?.data ?? [];
  const yearOptions = useMemo(() => yearRows.map((r) => ({ value: r.id, label: r.name })), [yearRows]);

  // The From year starts on the enabled year (status 1).
  useEffect(() => {
    if (fromYear !== undefined) return;
    const enabled = yearRows.find((r) => sameValue(r.status, ACYEAR_STATUS.ENABLED));
    if (enabled) setFromYear(enabled.id);
  }, [yearRows, fromYear]);

  const ready = Boolean(fromClass && fromYear);
  const list = useDeclaredQuery('students.classYearList', { params: { class_id: fromClass!, ac_year_id: fromYear! } }, { enabled: ready });
  const actions: Record<PromoteAction, (input: CallInput<'student-years.promote'>) => Promise<unknown>> = {
    promote: useDeclaredCall('student-years.promote'), graduate: useDeclaredCall('student-years.graduate'),
    yearBreak: useDeclaredCall('student-years.yearBreak'), shuffle: useDeclaredCall('student-years.shuffle'),
  };
  const rows = ready && Array.isArray(list.result?.data) ? list.result.data : [];

  // A new From class or year shows other students: what was ticked no longer applies.
  useEffect(() => { setSelected([]); }, [fromClass, fromYear]);

  const run = async (action: PromoteAction) => {
    const state = { from_class: fromClass, from_ac_year: fromYear, to_class: toClass, to_ac_year: toYear, students: selected };
    const className = (id?: number) => classRows.find((r) => sameValue(r.id, id))?.class;
    const problem = promoteProblem(action, state) ?? (action === 'promote' ? lowerClassProblem(className(fromClass), className(toClass)) : null);
    if (problem) {
      open?.({ type: 'error', message: problem });
      return;
    }
    const label = (options: Array<{ value: number; label: string }>, id?: number) => options.find((o) => o.value === id)?.label ?? '';
    // Bulk changes to students' years are confirmed with what will happen, to how many.
    modal.confirm({
      title: 'Are you sure?',
      content: promoteQuestion(action, selected.length, {
        fromClass: label(classOptions, fromClass), fromYear: label(yearOptions, fromYear), toClass: label(classOptions, toClass), toYear: label(yearOptions, toYear),
      }),
      okText: 'Yes', cancelText: 'No',
      onOk: () => send(action, state),
    });
  };

  const send = async (action: PromoteAction, state: PromoteState) => {
    setBusy(action);
    try {
      // The server's message is the toast, its refusal too.
      await actions[action]({ body: promoteBody(action, state) });
      setSelected([]);
      await list.query.refetch();
    } catch {
      // shown already
    } finally {
      setBusy(null);
    }
  };

  const picker = (label: string, id: string, value: number | undefined, set: (v: number | undefined) => void, options: Array<{ value: number; label: string }>, loading: boolean) => (
    <Form.Item label={label} htmlFor={id} style={{ marginBottom: 8 }}>
      <Select
        id={id} value={value} onChange={(v) => set(v ?? undefined)} options={options} loading={loading}
        allowClear {...PICKER} placeholder={`Select ${label}`} style={{ width: 200 }}
      />
    </Form.Item>
  );

  return (
    <Card title="Promote Students">
      <Form layout="inline" component="div" style={{ marginBottom: 8, rowGap: 8 }}>
        {picker('From Class', 'promote-from-class', fromClass, setFromClass, classOptions, classes.query.isLoading)}
        {picker('From Year', 'promote-from-year', fromYear, setFromYear, yearOptions, years.query.isLoading)}
      </Form>
      <Form layout="inline" component="div" style={{ marginBottom: 16, rowGap: 8 }}>
        {picker('To Class', 'promote-to-class', toClass, setToClass, classOptions, classes.query.isLoading)}
        {picker('To Year', 'promote-to-year', toYear, setToYear, yearOptions, years.query.isLoading)}
      </Form>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button onClick={() => run('shuffle')} loading={busy === 'shuffle'} disabled={busy !== null}>Shuffle</Button>
        <Button onClick={() => run('yearBreak')} loading={busy === 'yearBreak'} disabled={busy !== null}>Year Back/Break</Button>
        <Button onClick={() => run('graduate')} loading={busy === 'graduate'} disabled={busy !== null}>Graduate</Button>
        <Button type="primary" onClick={() => run('promote')} loading={busy === 'promote'} disabled={busy !== null}>Promote</Button>
        <span aria-live="polite">{selected.length > 0 ? `${selected.length} selected` : ''}</span>
      </Space>
      <Table<Row>
        rowKey="id"
        dataSource={rows}
        loading={ready && list.query.isFetching}
        size="middle"
        locale={{ emptyText: ready ? 'No students' : PROMOTE_MSG.from }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        pagination={{ pageSize: 50, showSizeChanger: false, showTotal: totalOf('student') }}
        columns={[
          { key: 'admission_no', dataIndex: 'admission_no', title: 'Admn. No.' },
          { key: 'fullname', dataIndex: 'fullname', title: 'Student Name' },
          {
            key: 'status', title: 'Status',
            render: (_: unknown, r: Row) => {
              const label = statusLabel(r);
              return label ? <Tag color={STATUS_COLORS[label]}>{label}</Tag> : null;
            },
          },
        ]}
      />
    </Card>
  );
}
