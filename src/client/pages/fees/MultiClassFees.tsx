/**
 * Multi-class fees report (/reports/multi-class/fees): the students of several classes in one
 * academic year with their total, paid and pending fees (the class fee list call
 * per class; a class that fails is named: 'Failed to fetch student fees from class_id {n}'),
 * 50 a page, the totals, and a CSV of the table. Shares its form with the multi-class students report.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { App, Card, Form, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { PageProps } from '../registry.js';
import { compareValues } from '../../framework/calls.js';
import { errorText } from '../../framework/useCall.js';
import { useDeclaredCall } from '../../framework/useDeclaredCall.js';
import { ClassesItem, YearItem, useClassYearChoices } from '../reports/classYearForm.js';
import { failedClassText, fetchPerClass } from '../reports/perClass.js';
import {
  CsvButton, ReportForm, ReportTable, TotalMoney, admissionNoColumn, moneyColumn, pendingColumn, studentColumn, useCsvExport,
} from './reportParts.js';
import { MULTI_CLASS_FEES_CSV, feeTotals, multiClassFeeRows, type MultiClassFeeRow } from './reportsModel.js';

interface Values { class_ids: number[]; ac_year_id: number }

export default function MultiClassFees(_props: PageProps) {
  const [form] = Form.useForm<Values>();
  const { notification } = App.useApp();
  const classList = useDeclaredCall('fee-payments.classList', { errorToast: false });
  const exportCsv = useCsvExport();
  const choices = useClassYearChoices(form);
  const [rows, setRows] = useState<MultiClassFeeRow[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [page, setPage] = useState(1);

  // No catch: fetchPerClass names a class that fails and keeps the others.
  const load = async (v: Values) => {
    setBusy(true);
    try {
      const lists = await fetchPerClass(
        v.class_ids, (id) => classList({ params: { class_id: id, ac_year_id: v.ac_year_id } }),
        (id, e) => notification.error({ message: failedClassText('student fees', id), description: errorText(e) }),
      );
      setRows(multiClassFeeRows(lists.map((l) => ({ klass: choices.classById(l.classId), rows: l.rows }))));
      setPage(1);
    } finally {
      setBusy(false);
    }
  };

  const shown = rows ?? [];
  const totals = useMemo(() => feeTotals(shown), [shown]);
  const columns: ColumnsType<MultiClassFeeRow> = [
    studentColumn('Name', (r) => r.student_id ?? r.id),
    admissionNoColumn(),
    { key: 'class', dataIndex: 'class', title: 'Class', sorter: (a, b) => compareValues(a.class, b.class) },
    { key: 'section', dataIndex: 'section', title: 'Section' },
    moneyColumn('total_amount', 'Total'),
    moneyColumn('paid_amount', 'Paid'),
    pendingColumn(),
  ];

  return (
    <Card
      title="Multi Class Fees Report"
      extra={(
        <Space wrap>
          <Link to="/fees/reports/">Fee Reports</Link>
          <CsvButton onClick={() => exportCsv('multi-class-fees.csv', MULTI_CLASS_FEES_CSV, shown)} disabled={rows === null} />
        </Space>
      )}
    >
      <ReportForm<Values> form={form} name="multi-class-fees" onFinish={load} busy={busy}>
        <ClassesItem choices={choices} multiple />
        <YearItem choices={choices} />
      </ReportForm>
      <ReportTable<MultiClassFeeRow>
        rowKey={(r) => `${r.id}:${r.class_id}`} columns={columns} rows={shown} loading={busy} page={page} onPage={setPage} unit="student"
        emptyText={rows === null ? 'Choose classes and a year, then Show' : undefined}
        totals={shown.length === 0 ? null : { span: 5, figures: [<TotalMoney value={totals.total} />, <TotalMoney value={totals.paid} />, <TotalMoney value={totals.pending} />] }}
      />
    </Card>
  );
}
