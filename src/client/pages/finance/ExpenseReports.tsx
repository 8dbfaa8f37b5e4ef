/**
 * Finance reports (/finance/reports/): the expenses of a period summed per category, payment
 * mode, account or vendor ('Report type is required!' without a type), as a table with its
 * total and a pie; printed through /finance/reports/expense/print, exported as CSV. The
 * expenses themselves, filtered, are on /finance/expense/reports.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Button, Card, Form, Select, Space, Table, Typography } from 'antd';
import { PrinterOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import type { PageProps } from '../registry.js';
import { formatMoney } from '../../framework/format.js';
import { useDeclaredCall } from '../../framework/useDeclaredCall.js';
import { declaredCall } from '../../../shared/calls.js';
import { CsvButton, ReportForm, useCsvExport } from '../fees/reportParts.js';
import { isoDay } from '../fees/reportsModel.js';
import { NamedPie } from './NamedPie.js';
import { REPORT_TYPES, SUMMARY_CSV, periodText, typeLabel, type ReportTypeValue, type SummaryPrint, type SummaryRow } from './expenseReportModel.js';
import { DateRangeInput, validDate } from '../../framework/DateInput.js';

const TYPE_REQUIRED = declaredCall('finance-reports.expense').def.errors!.type!;

interface Values { type?: ReportTypeValue; range?: [Dayjs | null, Dayjs | null] | null }

export default function ExpenseReports(_props: PageProps) {
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const report = useDeclaredCall('finance-reports.expense', { toast: false });
  const exportCsv = useCsvExport();
  const [shown, setShown] = useState<SummaryPrint | null>(null);
  const [busy, setBusy] = useState(false);

  const show = async (v: Values) => {
    if (!v.type) {
      notification.error({ message: TYPE_REQUIRED });
      return;
    }
    const start = v.range?.[0] ? isoDay(v.range[0]) : undefined;
    const end = v.range?.[1] ? isoDay(v.range[1]) : undefined;
    setBusy(true);
    try {
      const data = await report({ query: { type: v.type, ...(start ? { start_date: start } : {}), ...(end ? { end_date: end } : {}) } });
      setShown({ type: v.type, start, end, rows: data.rows as SummaryRow[], total_amount: data.total_amount });
    } catch {
      // The server's refusal is shown as a toast.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title="Expense Reports"
      extra={
        <Space wrap>
          <Button icon={<UnorderedListOutlined />} onClick={() => navigate('/finance/expense/reports')}>Expense Transactions</Button>
          <Button icon={<PrinterOutlined />} disabled={!shown} onClick={() => navigate('/finance/reports/expense/print', { state: shown })}>Print</Button>
          <CsvButton disabled={!shown} onClick={() => shown && exportCsv(`expense_report_${shown.type}.csv`, SUMMARY_CSV, shown.rows)} />
        </Space>
      }
    >
      <ReportForm<Values> name="expense-report" onFinish={(v) => void show(v)} busy={busy}>
        <Form.Item label="Report Type" name="type">
          <Select aria-label="Report Type" placeholder="Report type" style={{ width: 170 }} options={REPORT_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
        </Form.Item>
        <Form.Item label="Period" name="range" rules={[validDate]}>
          <DateRangeInput allowEmpty={[true, true]} placeholder={['Start date', 'End date']} />
        </Form.Item>
      </ReportForm>
      {shown && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Text type="secondary">Expenses by {typeLabel(shown.type).toLowerCase()}, {periodText(shown.start, shown.end)}: totals include tax.</Typography.Text>
          <Table<SummaryRow>
            rowKey={(r) => `${r.id ?? 'none'}:${r.title}`} size="middle" pagination={false} scroll={{ x: true }} dataSource={shown.rows}
            locale={{ emptyText: 'No expenses in this period' }} data-testid="expense-summary"
            columns={[
              { key: 'title', title: typeLabel(shown.type), dataIndex: 'title' },
              { key: 'count', title: 'Expenses', dataIndex: 'count', align: 'right' },
              { key: 'total', title: 'Total Amount', align: 'right', render: (_v, r) => formatMoney(r.total_amount) },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2}><strong>Total</strong></Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right"><strong data-testid="expense-summary-total">{formatMoney(shown.total_amount)}</strong></Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
          <NamedPie rows={shown.rows} title={`Expenses by ${typeLabel(shown.type).toLowerCase()}`} empty="No expenses in this period" />
        </Space>
      )}
    </Card>
  );
}
