/**
 * The finance dashboard (/finance/): expenses this month and this year, the fee collection of
 * this academic year and the next (total, and due = total − paid), the expenses-by-category pie,
 * the last 5 expenses, the spend per account ('Unknown/Others' for an account that is gone), and
 * the salaries still owed on payroll entries (not expenses until an installment pays them).
 * Every figure is the server's sum (src/server/modules/finance/finance-reports.ts).
 */
import { Alert, Card, Col, List, Row, Space, Statistic, Table, Typography } from 'antd';
import { Link } from 'react-router';
import type { PageProps } from '../registry.js';
import { formatDate, formatMoney } from '../../framework/format.js';
import { useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { errorText } from '../../framework/useCall.js';
import { NamedPie } from './NamedPie.js';
import { useScreenAllowed } from '../../framework/useAccess.js';
import { resourceByName } from '../../../shared/registry.js';

type Dashboard = CallData<'finance-reports.dashboard'>;
type YearFees = Dashboard['fee_collection']['fees_this_year'];
// Two cards a row until the screen is wide enough for four whole titles.
const cardCol = { xs: 24, sm: 12, xxl: 6 } as const;

function FeeCard({ title, fees, testId }: { title: string; fees: YearFees; testId: string }) {
  return (
    <Card size="small" title={fees.ac_year ? `${title} (${fees.ac_year})` : title} data-testid={testId}>
      {fees.ac_year_id === null ? <Typography.Text type="secondary">No such academic year</Typography.Text> : (
        <>
          <Statistic title="Total" value={formatMoney(fees.total_amount)} />
          <Space size={24} wrap>
            <Statistic title="Paid" value={formatMoney(fees.paid_amount)} valueStyle={{ fontSize: 16 }} />
            <Statistic title="Due" value={formatMoney(fees.due_amount)} valueStyle={{ fontSize: 16, color: fees.due_amount > 0 ? '#cf1322' : undefined }} />
          </Space>
        </>
      )}
    </Card>
  );
}

export default function FinanceDashboard(_props: PageProps) {
  const { result, query } = useDeclaredQuery('finance-reports.dashboard');
  const d = query.isSuccess ? result.data : undefined;
  const canReadPayroll = useScreenAllowed(resourceByName('payrolls'), 'read');
  if (query.isError) return <Alert type="error" showIcon message={errorText(query.error)} />;
  if (!d) return <Card loading />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        <Col {...cardCol}>
          <Card size="small" title="Expenses" extra={<Link to="/finance/reports/">Reports</Link>} data-testid="finance-expenses">
            <Statistic title="This Month" value={formatMoney(d.expenses.expense_month)} />
            <Statistic title="This Year" value={formatMoney(d.expenses.expense_year)} valueStyle={{ fontSize: 16 }} />
          </Card>
        </Col>
        <Col {...cardCol}><FeeCard title="Fee Collection This Year" fees={d.fee_collection.fees_this_year} testId="finance-fees-this-year" /></Col>
        <Col {...cardCol}><FeeCard title="Fee Collection Next Year" fees={d.fee_collection.fees_next_year} testId="finance-fees-next-year" /></Col>
        <Col {...cardCol}>
          <Card
            size="small" title="Unpaid Salaries" data-testid="finance-unpaid-payroll"
            extra={canReadPayroll && <Link to="/payroll/list">Payroll</Link>}
          >
            <Statistic title="Still to pay" value={formatMoney(d.unpaid_payroll.amount)} valueStyle={{ color: d.unpaid_payroll.amount > 0 ? '#cf1322' : undefined }} />
            <Typography.Text type="secondary">
              {d.unpaid_payroll.count === 1 ? '1 payroll entry' : `${d.unpaid_payroll.count} payroll entries`} not fully paid, of every month.
              Salaries count as expenses only once paid.
            </Typography.Text>
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card size="small" title="Expenses by Category (this year)">
            <NamedPie rows={d.expenses.expense_by_category} title="Expenses by category" empty="No expenses this year" />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="Spend per Account (this year)">
            <List
              size="small" dataSource={d.accounts} data-testid="finance-accounts"
              locale={{ emptyText: 'Nothing paid from any account this year' }}
              renderItem={(a) => <List.Item extra={<strong>{formatMoney(a.total_amount)}</strong>}>{a.name}</List.Item>}
            />
          </Card>
        </Col>
      </Row>
      <Card size="small" title="Last 5 Expenses" extra={<Link to="/finance/expenses/">All expenses</Link>}>
        <Table
          rowKey="id" size="small" pagination={false} scroll={{ x: true }} dataSource={d.last_5_expense} data-testid="finance-last-expenses"
          locale={{ emptyText: 'No expenses yet' }}
          columns={[
            { key: 'date', title: 'Date', render: (_v, r) => formatDate(r.date) },
            { key: 'name', title: 'Expense', render: (_v, r) => <Link to={`/finance/expense/${r.id}/details`}>{r.name}</Link> },
            { key: 'category', title: 'Category', dataIndex: 'exp_category' },
            { key: 'account', title: 'Account', dataIndex: 'account' },
            { key: 'total', title: 'Total', align: 'right', render: (_v, r) => formatMoney(r.total_amount) },
            { key: 'paid', title: 'Paid', align: 'right', render: (_v, r) => formatMoney(r.paid_amount) },
          ]}
        />
      </Card>
    </Space>
  );
}
