/**
 * The simple finance dashboard (/simple-finance/, also /finance/dashboard/): the Today, This
 * Week, This Month and Total cards, each with Fees Collected, Other Credit, Total Credit,
 * Expenses, Salary Paid (payroll installments paid; salaries owed are not in it), Total Debit and Net Total (the server's sums; what each sums is written in
 * src/server/modules/simple_accounts/simple-finance.ts), and the reports panel: a category, an
 * interval and a period, then the report's rows 50 a page.
 */
import { useState } from 'react';
import { Alert, App, Card, Col, Descriptions, Form, Row, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import type { PageProps } from '../registry.js';
import type { CallTypes } from '../../../generated/calls.js';
import { formatMoney } from '../../framework/format.js';
import { callDeclared, useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { declaredCall } from '../../../shared/calls.js';
import { errorText } from '../../framework/useCall.js';
import { totalOf } from '../../../shared/plural.js';
import { CsvButton, ReportForm, useCsvExport } from '../fees/reportParts.js';
import { isoDay } from '../fees/reportsModel.js';
import { DateRangeInput, validDate } from '../../framework/DateInput.js';

type Figures = CallData<'simple-accounts.financeDashboard'>['total'];
type ReportRow = CallData<'simple-accounts.financeReport'>[number];

const PERIODS = [['today', 'Today'], ['week', 'This Week'], ['month', 'This Month'], ['total', 'Total']] as const;
const FIGURES: Array<[keyof Figures, string]> = [
  ['fees', 'Fees Collected'], ['credit', 'Other Credit'], ['total_credit', 'Total Credit'],
  ['expenses', 'Expenses'], ['payroll', 'Salary Paid'], ['total_debit', 'Total Debit'], ['net', 'Net Total'],
];
const STRONG = new Set<keyof Figures>(['total_credit', 'total_debit', 'net']);

export const CATEGORIES = [
  { value: 'all', label: 'All' }, { value: 'fees', label: 'Fees Collected' }, { value: 'credit', label: 'Other Credit' },
  { value: 'debit', label: 'Debit Entries' }, { value: 'expense', label: 'Expenses' }, { value: 'payroll', label: 'Salary' },
];
export const INTERVALS = [
  { value: 'all', label: 'All' }, { value: 'daily', label: 'Daily' }, { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' }, { value: 'annual', label: 'Annual' },
];
const SELECT_ALL = declaredCall('simple-accounts.financeReport').def.errors!.select!;
const PAGE_SIZE = 50;

type ReportQuery = CallTypes['simple-accounts.financeReport']['query'];
interface Asked { field: NonNullable<ReportQuery['field']>; interval: NonNullable<ReportQuery['interval']>; start_date: string; end_date: string }
interface Values { field?: Asked['field']; interval?: Asked['interval']; range?: [Dayjs, Dayjs] | null }

export default function SimpleFinance(_props: PageProps) {
  const { notification } = App.useApp();
  const { result, query } = useDeclaredQuery('simple-accounts.financeDashboard');
  const d = query.isSuccess ? result.data : undefined;
  const [asked, setAsked] = useState<Asked | null>(null);
  const [rows, setRows] = useState<ReportRow[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const exportCsv = useCsvExport();

  const load = async (a: Asked, p: number) => {
    setBusy(true);
    try {
      const res = await callDeclared('simple-accounts.financeReport', { query: { ...a, page: String(p), page_size: String(PAGE_SIZE) } });
      setAsked(a); setRows(res.data); setTotal(res.total ?? res.data.length); setPage(p);
    } catch (e) {
      notification.error({ message: errorText(e) });
    } finally {
      setBusy(false);
    }
  };
  const show = (v: Values) => {
    if (!v.field || !v.interval || !v.range?.[0] || !v.range[1]) {
      notification.error({ message: SELECT_ALL });
      return;
    }
    void load({ field: v.field, interval: v.interval, start_date: isoDay(v.range[0]), end_date: isoDay(v.range[1]) }, 1);
  };
  // The CSV holds every row of the report, not only the page on screen.
  const exportAll = async () => {
    if (!asked) return;
    try {
      const all = await callDeclared('simple-accounts.financeReport', { query: { ...asked, page: '1', page_size: '1000' } });
      exportCsv(`simple_finance_${asked.field}_${asked.interval}_${asked.start_date}_${asked.end_date}.csv`, [
        ['Date', (r: ReportRow) => r.date], ['Name', (r: ReportRow) => r.name], ['Amount', (r: ReportRow) => r.amount],
        ['Type', (r: ReportRow) => (r.txn_type === 0 ? 'Credit' : 'Debit')],
      ], all.data);
    } catch (e) {
      notification.error({ message: errorText(e) });
    }
  };

  const columns: ColumnsType<ReportRow> = [
    { key: 'date', dataIndex: 'date', title: 'Date' },
    { key: 'name', dataIndex: 'name', title: 'Name' },
    { key: 'amount', title: 'Amount', align: 'right', render: (_v, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(r.amount)}</span> },
    { key: 'txn_type', title: 'Type', render: (_v, r) => (r.txn_type === 0 ? <Tag color="green">Credit</Tag> : <Tag color="red">Debit</Tag>) },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {query.isError && <Alert type="error" showIcon message={errorText(query.error)} />}
      <Row gutter={[16, 16]}>
        {PERIODS.map(([key, title]) => (
          <Col key={key} xs={24} sm={12} xl={6}>
            <Card size="small" title={title} loading={!d && query.isLoading} data-testid={`finance-${key}`}>
              {d && (
                <Descriptions size="small" column={1} colon={false}>
                  {FIGURES.map(([f, label]) => (
                    <Descriptions.Item key={f} label={label} contentStyle={{ justifyContent: 'flex-end' }}>
                      <span data-testid={`finance-${key}-${f}`} style={{ fontWeight: STRONG.has(f) ? 600 : undefined, color: f === 'net' && d[key][f] < 0 ? '#cf1322' : undefined }}>
                        {formatMoney(d[key][f])}
                      </span>
                    </Descriptions.Item>
                  ))}
                </Descriptions>
              )}
            </Card>
          </Col>
        ))}
      </Row>
      <Card title="Reports" extra={<CsvButton onClick={() => void exportAll()} disabled={!asked || total === 0} />}>
        <ReportForm<Values> name="simple-finance-report" onFinish={show} busy={busy}>
          <Form.Item label="Category" name="field">
            <Select aria-label="Category" options={CATEGORIES} style={{ width: 160 }} placeholder="Category" />
          </Form.Item>
          <Form.Item label="Interval" name="interval">
            <Select aria-label="Interval" options={INTERVALS} style={{ width: 130 }} placeholder="Interval" />
          </Form.Item>
          <Form.Item label="Period" name="range" rules={[validDate]}>
            <DateRangeInput placeholder={['Start date', 'End date']} />
          </Form.Item>
        </ReportForm>
        <Table<ReportRow>
          rowKey={(r) => `${r.date}|${r.name}|${r.txn_type}|${r.amount}|${rows.indexOf(r)}`}
          columns={columns} dataSource={rows} loading={busy} size="middle" scroll={{ x: true }}
          locale={{ emptyText: asked ? 'Nothing in this period' : 'Choose a category, an interval and a period, then Show' }}
          onChange={(p) => { if (asked && p.current && p.current !== page) void load(asked, p.current); }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total, showSizeChanger: false, showTotal: totalOf('row') }}
        />
      </Card>
    </Space>
  );
}
