/**
 * Installment report (/fees/installments/report): every payment, installment and refund
 * (negative) received between two days (GET /reports/fees/installments/?start_date&end_date),
 * with their total and a CSV of the installment history.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { App, Button, Card, Form, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import type { PageProps } from '../registry.js';
import { formatDateTime } from '../../framework/format.js';
import { compareValues } from '../../framework/calls.js';
import { errorText, useCall } from '../../framework/useCall.js';
import { DateRangeItem, Money, PAGE_SIZE, moneyColumn, serialColumn, useCsvExport } from './reportParts.js';
import { INSTALLMENT_CSV, isoDay, queryString, type InstallmentRow } from './reportsModel.js';
import { isRefund, kindLabel, modeLabel } from './feesModel.js';

interface Values { range: [Dayjs, Dayjs] }
interface Answer { rows: InstallmentRow[]; total: number | string }

export default function InstallmentsReport(_props: PageProps) {
  const { notification } = App.useApp();
  const call = useCall();
  const exportCsv = useCsvExport();
  const [answer, setAnswer] = useState<(Answer & { start: string; end: string }) | null>(null);
  const [busy, setBusy] = useState(false);
  const [page, setPage] = useState(1);

  const load = async ({ range }: Values) => {
    const [start, end] = [isoDay(range[0]), isoDay(range[1])];
    setBusy(true);
    try {
      const data = await call<Answer>('get', `/reports/fees/installments/${queryString({ start_date: start, end_date: end })}`);
      setAnswer({ rows: Array.isArray(data?.rows) ? data.rows : [], total: data?.total ?? 0, start, end });
      setPage(1);
    } catch (e) {
      notification.error({ message: errorText(e) });
    } finally {
      setBusy(false);
    }
  };

  const rows = answer?.rows ?? [];
  const columns: ColumnsType<InstallmentRow> = [
    serialColumn(page),
    { key: 'receipt_no', title: 'Receipt No', sorter: (a, b) => compareValues(a.receipt_no, b.receipt_no), render: (_v, r) => <Link to={`/fees/receipt/${r.payment_id}`}>{r.receipt_no}</Link> },
    { key: 'fullname', title: 'Student', sorter: (a, b) => compareValues(a.fullname, b.fullname), render: (_v, r) => <Link to={`/fees/records/${r.student_id}`}>{r.fullname}</Link> },
    { key: 'admission_no', dataIndex: 'admission_no', title: 'Admission No' },
    { key: 'class', title: 'Class', sorter: (a, b) => compareValues(`${a.class} ${a.section}`, `${b.class} ${b.section}`), render: (_v, r) => [r.class, r.section].filter(Boolean).join(' - ') },
    moneyColumn('paid_amount', 'Amount'),
    { key: 'mode', title: 'Mode', render: (_v, r) => modeLabel(r.mode) },
    { key: 'kind', title: 'Kind', render: (_v, r) => (isRefund(r) ? <Tag color="red">{kindLabel(r)}</Tag> : kindLabel(r)) },
    { key: 'timestamp', title: 'Date', sorter: (a, b) => compareValues(a.timestamp, b.timestamp), render: (_v, r) => formatDateTime(r.timestamp) },
  ];

  return (
    <Card
      title="Installment Reports"
      extra={<Button icon={<DownloadOutlined />} onClick={() => exportCsv(`installment_history_${answer?.start ?? ''}_${answer?.end ?? ''}.csv`, INSTALLMENT_CSV, rows)} disabled={answer === null}>Export CSV</Button>}
    >
      <Form<Values> layout="inline" name="installments-report" onFinish={load} style={{ marginBottom: 16, rowGap: 8 }}>
        <DateRangeItem />
        <Form.Item>
          <Space><Button type="primary" htmlType="submit" loading={busy}>Show</Button></Space>
        </Form.Item>
      </Form>
      <Table<InstallmentRow>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={busy}
        size="middle"
        scroll={{ x: true }}
        locale={answer === null ? { emptyText: 'Choose the start and end dates, then Show' } : undefined}
        onChange={(p) => setPage(p.current ?? 1)}
        pagination={{ current: page, pageSize: PAGE_SIZE, showSizeChanger: false, showTotal: (t) => `${t} installments` }}
        summary={() => (answer === null ? null : (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={5}><strong>Total</strong></Table.Summary.Cell>
            <Table.Summary.Cell index={5} align="right"><strong data-testid="installments-total"><Money value={answer.total} /></strong></Table.Summary.Cell>
            <Table.Summary.Cell index={6} colSpan={3} />
          </Table.Summary.Row>
        ))}
      />
    </Card>
  );
}
