/**
 * Students of a created fee (/fees/create/reports/?name=&ac_year_id=&class_id=): everyone the fee
 * billed (the created fee's students call), with their total, paid and pending amounts, a link to each
 * one's fee records, the totals and a CSV.
 */
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Card, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import type { PageProps } from '../registry.js';
import {
  CsvButton, ReportTable, TotalMoney, admissionNoColumn, moneyColumn, pendingColumn, studentColumn, useClassAndYear, useCsvExport,
} from './reportParts.js';
import { CREATED_FEE_STUDENTS_CSV, classFilePart, feeTotals, type CreatedFeeStudentRow } from './reportsModel.js';

export default function CreatedFeeStudents(_props: PageProps) {
  const [params] = useSearchParams();
  const name = params.get('name') ?? '';
  const yearId = params.get('ac_year_id');
  const classId = params.get('class_id');
  const exportCsv = useCsvExport();
  const [page, setPage] = useState(1);

  const ready = name !== '';
  const { result, query } = useDeclaredQuery('created-fees.students', { query: { name, ac_year_id: yearId ?? undefined, class_id: classId ?? undefined } }, { enabled: ready });
  const { klass, scope } = useClassAndYear(classId, yearId);
  const rows = useMemo(() => (ready && Array.isArray(result?.data) ? result.data : []), [ready, result]);
  const totals = useMemo(() => feeTotals(rows), [rows]);

  if (!ready) return <Alert type="warning" showIcon message="Choose a created fee from the list" action={<Link to="/fees/create/">Created Fees</Link>} />;

  const columns: ColumnsType<CreatedFeeStudentRow> = [
    admissionNoColumn(),
    studentColumn(),
    moneyColumn('total_amount', 'Total'),
    moneyColumn('paid_amount', 'Paid'),
    pendingColumn(),
    { key: 'records', title: 'Actions', render: (_v, r) => <Link to={`/fees/records/${r.student_id}`}>Fee Records</Link> },
  ];

  return (
    <Card
      title={`Fee: ${name}`}
      extra={(
        <Space wrap>
          <Link to="/fees/create/">Created Fees</Link>
          <CsvButton onClick={() => exportCsv(`created_fee_${name.replace(/[^\w.-]+/g, '_')}_class_${classFilePart(klass, classId)}.csv`, CREATED_FEE_STUDENTS_CSV, rows)} />
        </Space>
      )}
    >
      {scope && <Typography.Paragraph type="secondary">{scope}</Typography.Paragraph>}
      <ReportTable<CreatedFeeStudentRow>
        rowKey={(r) => `${r.payment_id}:${r.student_id}`} columns={columns} rows={rows} loading={query.isFetching} page={page} onPage={setPage} unit="student"
        totals={rows.length === 0 ? null : { span: 3, figures: [<TotalMoney value={totals.total} />, <TotalMoney value={totals.paid} />, <TotalMoney value={totals.pending} />] }}
      />
    </Card>
  );
}
