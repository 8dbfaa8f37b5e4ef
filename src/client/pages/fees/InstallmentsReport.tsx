/**
 * Installment report (/fees/installments/report): every payment, installment and refund
 * (negative) received between two days (the installments report call),
 * with their total and a CSV of the installment history.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Card, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import type { PageProps } from '../registry.js';
import { formatDateTime } from '../../framework/format.js';
import { classSectionLabel } from '../../framework/labels.js';
import { compareValues } from '../../framework/calls.js';
import { useDeclaredCall, type CallData } from '../../framework/useDeclaredCall.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { CsvButton, DateRangeItem, ReportForm, ReportTable, TotalMoney, moneyColumn, studentColumn, useCsvExport } from './reportParts.js';
import { INSTALLMENT_CSV, isoDay, type InstallmentRow } from './reportsModel.js';
import { isRefund, kindLabel, modeLabel } from './feesModel.js';

interface Values { range: [Dayjs, Dayjs] }
type Answer = CallData<'fee-payments.installmentsReport'>;

export default function InstallmentsReport(_props: PageProps) {
  const installmentsReport = useDeclaredCall('fee-payments.installmentsReport', { errorToast: false });
  const exportCsv = useCsvExport();
  const [answer, setAnswer] = useState<(Answer & { start: string; end: string }) | null>(null);
  const { busy, run } = useBusyAction();
  const [page, setPage] = useState(1);

  const load = ({ range }: Values) => {
    const [start, end] = [isoDay(range[0]), isoDay(range[1])];
    return run(async () => {
      const data = await installmentsReport({ query: { start_date: start, end_date: end } });
      setAnswer({ ...data, start, end });
      setPage(1);
    });
  };

  const rows = answer?.rows ?? [];
  const columns: ColumnsType<InstallmentRow> = [
    { key: 'receipt_no', title: 'Receipt No', sorter: (a, b) => compareValues(a.receipt_no, b.receipt_no), render: (_v, r) => <Link to={`/fees/receipt/${r.payment_id}`}>{r.receipt_no}</Link> },
    studentColumn('Student'),
    { key: 'admission_no', dataIndex: 'admission_no', title: 'Admission No' },
    { key: 'class', title: 'Class', sorter: (a, b) => compareValues(`${a.class} ${a.section}`, `${b.class} ${b.section}`), render: (_v, r) => classSectionLabel(r) },
    moneyColumn('paid_amount', 'Amount'),
    { key: 'mode', title: 'Mode', render: (_v, r) => modeLabel(r.mode) },
    { key: 'kind', title: 'Kind', render: (_v, r) => (isRefund(r) ? <Tag color="red">{kindLabel(r)}</Tag> : kindLabel(r)) },
    { key: 'timestamp', title: 'Date', sorter: (a, b) => compareValues(a.timestamp, b.timestamp), render: (_v, r) => formatDateTime(r.timestamp) },
  ];

  return (
    <Card
      title="Installment Reports"
      extra={<CsvButton onClick={() => exportCsv(`installment_history_${answer?.start ?? ''}_${answer?.end ?? ''}.csv`, INSTALLMENT_CSV, rows)} disabled={answer === null} />}
    >
      <ReportForm<Values> name="installments-report" onFinish={load} busy={busy}>
        <DateRangeItem />
      </ReportForm>
      <ReportTable<InstallmentRow>
        rowKey="id" columns={columns} rows={rows} loading={busy} page={page} onPage={setPage} unit="installment"
        emptyText={answer === null ? 'Choose the start and end dates, then Show' : undefined}
        // The total is the server's (refunds netted), shown once asked for even when no row came.
        totals={answer === null ? null : { span: 5, figures: [<TotalMoney value={answer.total} testId="installments-total" />] }}
      />
    </Card>
  );
}
