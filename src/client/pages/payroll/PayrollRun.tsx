/**
 * /payroll/run: payroll for a whole month in one go. The clerk picks the month and reviews every
 * employee with a salary in one table (loss of pay from HR's attendance, the salary it leaves,
 * all worked out by the server as a single entry would be), leaves out whoever should not be
 * paid now, adds a note where one helps, and saves: all the entries are written, or none.
 * Employees already entered for the month are shown as such and are not saved again.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { Alert, Button, Card, DatePicker, Form, Input, Space, Spin, Table, Tag, Tooltip, Typography } from 'antd';
import type { PageProps } from '../registry.js';
import { formatMoney } from '../../framework/format.js';
import { keepEnterInPicker } from '../../framework/form/keys.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { useDeclaredCall, useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { useScreenAllowed } from '../../framework/useAccess.js';
import { toPaise, toRupees } from '../../../shared/money.js';
import { monthLabel } from '../../../shared/payroll.js';
import { resourceByName } from '../../../shared/registry.js';

type Run = CallData<'payroll-runs.preview'>;
type Row = Run['employees'][number];

/** Typed months are read in any of these; the first is how the picker shows one. */
const MONTH_FORMATS = ['MMM YYYY', 'MM-YYYY', 'YYYY-MM'];
const NOTE_MAX = 300;

/** Who can be saved in this run: not entered yet, and their days add up. */
const saveable = (r: Row) => r.entry_id === null && r.problem === null && r.salary_amount !== null;

export default function PayrollRun(_props: PageProps) {
  // Payroll is run once a month is over, so the month before this one comes first.
  const [month, setMonth] = useState<Dayjs | null>(() => dayjs().subtract(1, 'month').startOf('month'));
  const monthYear = month?.format('YYYY-MM');
  const { result, query } = useDeclaredQuery('payroll-runs.preview', { query: { month_year: monthYear } }, { enabled: Boolean(monthYear) });
  const run = query.isSuccess && monthYear && result?.data?.month_year.startsWith(monthYear) ? result.data : undefined;
  const save = useDeclaredCall('payroll-runs.save');
  const { busy, run: act } = useBusyAction();
  const canSalary = useScreenAllowed(resourceByName('payroll-salaries'), 'create', resourceByName('payroll-salaries').pages!.set);
  // What the clerk changed, per month: those left out, and the notes.
  const [left, setLeft] = useState<Record<string, number[]>>({});
  const [notes, setNotes] = useState<Record<string, Record<number, string>>>({});
  const [saved, setSaved] = useState<{ month: string; count: number } | null>(null);
  const key = monthYear ?? '';
  const leftOut = new Set(left[key] ?? []);
  const noteOf = (id: number) => notes[key]?.[id] ?? '';

  const rows = run?.employees ?? [];
  const open = rows.filter(saveable);
  const chosen = open.filter((r) => !leftOut.has(r.employee_id));
  const entered = rows.filter((r) => r.entry_id !== null).length;
  // Whole paise, so the total is exact.
  const totalPaise = chosen.reduce((sum, r) => sum + toPaise(r.salary_amount!), 0);
  const tooLong = chosen.find((r) => noteOf(r.employee_id).trim().length > NOTE_MAX);

  const submit = () => act(async () => {
    // As they were shown: the server refuses the run if any of it no longer holds.
    const entries = chosen.map((r) => ({ employee_id: r.employee_id, absent_days: r.absent_days!, salary_amount: r.salary_amount!, note: noteOf(r.employee_id).trim() || null }));
    try {
      // At least one is chosen (checked before calling), as the payload's type says.
      const done = await save({ body: { month_year: monthYear!, entries: entries as [typeof entries[number], ...typeof entries] } });
      setSaved({ month: monthYear!, count: done.count });
    } finally {
      // Saved or refused, the table shows the month as it now stands.
      await query.refetch();
    }
  }, { problem: chosen.length === 0 ? 'Choose at least one employee' : tooLong ? `The note for ${tooLong.name} is longer than ${NOTE_MAX} characters` : null });

  const columns = [
    {
      title: 'Employee', key: 'name',
      // Whether the employee can be paid in this run shows beside the name, so a phone sees it without scrolling.
      render: (_: unknown, r: Row) => (
        <Space direction="vertical" size={0}>
          <span>{r.name}</span>
          {r.job_title && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.job_title}</Typography.Text>}
          {r.entry_id !== null && <Link to={`/payroll/view/${r.entry_id}`}><Tag color="blue">Already entered</Tag></Link>}
          {r.problem && <Typography.Text type="danger">{r.problem}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: 'Absent Days', key: 'absent', align: 'right' as const,
      render: (_: unknown, r: Row) => (r.absent_days === null ? '' : (
        <Space size={4} wrap style={{ justifyContent: 'flex-end' }}>
          {r.absent_days}
          {r.entry_id === null && !r.hr_attendance && (
            <Tooltip title="HR has no attendance for this employee in this month, so no days are deducted">
              <Tag>No attendance</Tag>
            </Tooltip>
          )}
        </Space>
      )),
    },
    { title: 'Present Days', key: 'present', align: 'right' as const, responsive: ['md' as const], render: (_: unknown, r: Row) => (r.present_days === null ? '' : `${r.present_days} / ${r.total_days}`) },
    { title: 'Loss of Pay', key: 'lop', align: 'right' as const, responsive: ['sm' as const], render: (_: unknown, r: Row) => (r.overtime > 0 ? `Overtime ${formatMoney(r.overtime)}` : formatMoney(r.loss_of_pay)) },
    { title: 'Salary', key: 'salary', align: 'right' as const, render: (_: unknown, r: Row) => (r.salary_amount === null ? '' : <strong>{formatMoney(r.salary_amount)}</strong>) },
    {
      title: 'Note', key: 'note', width: 220,
      render: (_: unknown, r: Row) => {
        if (!saveable(r)) return null;
        return (
          <Input
            size="small" aria-label={`Note for ${r.name}`} placeholder="Note on the payslip" maxLength={NOTE_MAX}
            disabled={leftOut.has(r.employee_id) || busy} value={noteOf(r.employee_id)}
            onChange={(e) => setNotes((n) => ({ ...n, [key]: { ...n[key], [r.employee_id]: e.target.value } }))}
          />
        );
      },
    },
  ];

  return (
    <Card title="Run Payroll for a Month" extra={<Link to="/payroll/list">Payroll entries</Link>}>
      <Form layout="vertical" style={{ maxWidth: 320 }}>
        <Form.Item label="Month" htmlFor="payroll-run-month" extra="Every employee with a salary is listed, with the absences HR recorded that month.">
          <DatePicker
            id="payroll-run-month" picker="month" format={MONTH_FORMATS} placeholder="Choose a month" value={month} allowClear={false}
            onKeyDown={keepEnterInPicker} disabled={busy} style={{ width: '100%' }}
            onChange={(v) => { setMonth(v ? v.startOf('month') : null); setSaved(null); }}
          />
        </Form.Item>
      </Form>
      {!monthYear ? null : query.isError ? <Alert type="error" showIcon message="The month could not be worked out" /> : !run ? <Card loading /> : (
        <Spin spinning={busy} tip={`Saving payroll for ${chosen.length} employees…`} size="large">
          <Space direction="vertical" size={12} style={{ width: '100%' }}>
            {saved?.month === monthYear && (
              <Alert
                type="success" showIcon data-testid="payroll-run-saved"
                message={`Payroll saved for ${saved.count} ${saved.count === 1 ? 'employee' : 'employees'}, ${monthLabel(run.month_year)}.`}
                action={<Link to="/payroll/list">See the payroll entries</Link>}
              />
            )}
            {run.no_salary.length > 0 && (
              <Alert
                type="warning" showIcon
                message={`${run.no_salary.length} ${run.no_salary.length === 1 ? 'employee has' : 'employees have'} no salary set and cannot be paid: ${run.no_salary.map((e) => e.name).join(', ')}`}
                action={canSalary ? <Link to="/payroll/salary/">Set Salary</Link> : undefined}
              />
            )}
            <Typography.Text type="secondary">
              {`${monthLabel(run.month_year)}, ${run.total_days} days. `}
              {entered > 0 && `${entered} already entered. `}
              {open.length > 0 && 'Untick anyone who should not be paid now.'}
            </Typography.Text>
            <Table<Row>
              rowKey="employee_id" size="small" dataSource={rows} columns={columns} pagination={false} scroll={{ x: true }}
              locale={{ emptyText: 'No employee has a salary yet' }} data-testid="payroll-run-table"
              rowSelection={{
                selectedRowKeys: chosen.map((r) => r.employee_id),
                getCheckboxProps: (r) => ({ disabled: !saveable(r) || busy, 'aria-label': `Pay ${r.name}` }),
                onChange: (keys) => {
                  const picked = new Set(keys.map(Number));
                  setLeft((l) => ({ ...l, [key]: open.filter((r) => !picked.has(r.employee_id)).map((r) => r.employee_id) }));
                },
              }}
            />
            <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
              <Typography.Text data-testid="payroll-run-total">
                {chosen.length} of {open.length} to pay, total <strong>{formatMoney(toRupees(totalPaise))}</strong>
              </Typography.Text>
              <Button type="primary" onClick={submit} loading={busy} disabled={chosen.length === 0}>
                {`Save payroll for ${chosen.length} ${chosen.length === 1 ? 'employee' : 'employees'}`}
              </Button>
            </Space>
          </Space>
        </Spin>
      )}
    </Card>
  );
}
