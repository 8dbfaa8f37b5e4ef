/**
 * Students of a created fee (/fees/create/reports/?name=&ac_year_id=&class_id=): everyone the fee
 * billed (GET /fees/create/?name=…), with their total, paid and pending amounts, a link to each
 * one's fee records, the totals and a CSV.
 */
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Card, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined } from '@ant-design/icons';
import { useCustom, useList } from '@refinedev/core';
import type { PageProps } from '../registry.js';
import { errorNotification } from '../../framework/notify.js';
import { compareValues, sameValue } from '../../framework/calls.js';
import { optionLabel } from '../../framework/labels.js';
import { Money, PAGE_SIZE, moneyColumn, serialColumn, useCsvExport } from './reportParts.js';
import { CREATED_FEE_STUDENTS_CSV, classFilePart, feeTotals, pendingOf, queryString, type CreatedFeeStudentRow } from './reportsModel.js';

export default function CreatedFeeStudents(_props: PageProps) {
  const [params] = useSearchParams();
  const name = params.get('name') ?? '';
  const yearId = params.get('ac_year_id');
  const classId = params.get('class_id');
  const exportCsv = useCsvExport();
  const [page, setPage] = useState(1);

  const ready = name !== '';
  const { result, query } = useCustom<CreatedFeeStudentRow[]>({
    url: `/fees/create/${queryString({ name, ac_year_id: yearId, class_id: classId })}`, method: 'get', errorNotification, queryOptions: { enabled: ready },
  });
  const classes = useList({ resource: 'classes', pagination: { mode: 'off' }, errorNotification: false });
  const years = useList({ resource: 'acyears', pagination: { mode: 'off' }, errorNotification: false });
  const klass = ((classes.result?.data ?? []) as Array<Record<string, any>>).find((c) => sameValue(c.id, classId));
  const year = ((years.result?.data ?? []) as Array<Record<string, any>>).find((y) => sameValue(y.id, yearId));
  const rows = useMemo(() => (ready && Array.isArray(result?.data) ? (result.data as CreatedFeeStudentRow[]) : []), [ready, result]);
  const totals = useMemo(() => feeTotals(rows), [rows]);

  if (!ready) return <Alert type="warning" showIcon message="Choose a created fee from the list" action={<Link to="/fees/create/">Created Fees</Link>} />;

  const columns: ColumnsType<CreatedFeeStudentRow> = [
    serialColumn(page),
    { key: 'admission_no', dataIndex: 'admission_no', title: 'Admission No', sorter: (a, b) => compareValues(a.admission_no, b.admission_no) },
    { key: 'fullname', title: 'Name', sorter: (a, b) => compareValues(a.fullname, b.fullname), render: (_v, r) => <Link to={`/fees/records/${r.student_id}`}>{r.fullname}</Link> },
    moneyColumn('total_amount', 'Total'),
    moneyColumn('paid_amount', 'Paid'),
    { key: 'pending', title: 'Pending', align: 'right', sorter: (a, b) => pendingOf(a) - pendingOf(b), render: (_v, r) => <Money value={pendingOf(r)} /> },
    { key: 'records', title: 'Actions', render: (_v, r) => <Link to={`/fees/records/${r.student_id}`}>Fee Records</Link> },
  ];

  return (
    <Card
      title={`Fee: ${name}`}
      extra={(
        <Space wrap>
          <Link to="/fees/create/">Created Fees</Link>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => exportCsv(`created_fee_${name.replace(/[^\w.-]+/g, '_')}_class_${classFilePart(klass, classId)}.csv`, CREATED_FEE_STUDENTS_CSV, rows)}
          >
            Export CSV
          </Button>
        </Space>
      )}
    >
      {(classId || yearId) && (
        <Typography.Paragraph type="secondary">
          {[classId ? `Class ${klass ? optionLabel(klass, 'class-section') : classId}` : '', yearId ? `academic year ${year ? optionLabel(year, 'name') : yearId}` : ''].filter(Boolean).join(', ')}
        </Typography.Paragraph>
      )}
      <Table<CreatedFeeStudentRow>
        rowKey={(r) => `${r.payment_id}:${r.student_id}`}
        columns={columns}
        dataSource={rows}
        loading={query.isFetching}
        size="middle"
        scroll={{ x: true }}
        onChange={(p) => setPage(p.current ?? 1)}
        pagination={{ current: page, pageSize: PAGE_SIZE, showSizeChanger: false, showTotal: (t) => `${t} students` }}
        summary={() => (rows.length === 0 ? null : (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={3}><strong>Total</strong></Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right"><strong><Money value={totals.total} /></strong></Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right"><strong><Money value={totals.paid} /></strong></Table.Summary.Cell>
            <Table.Summary.Cell index={5} align="right"><strong><Money value={totals.pending} /></strong></Table.Summary.Cell>
            <Table.Summary.Cell index={6} />
          </Table.Summary.Row>
        ))}
      />
    </Card>
  );
}
