/**
 * /payroll/: the payroll dashboard for the payroll staff (cards, the monthly salary chart and
 * the employees), or, for an employee, their own payslips with Print (spec 2 §2).
 */
import { Link } from 'react-router';
import { Card, Col, Empty, Row, Space, Statistic, Table, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { useSession } from '../../app/SessionContext.js';
import { SeriesDrawing } from '../../framework/charts/index.js';
import { formatDate, formatMoney } from '../../framework/format.js';
import { readState } from '../../framework/readState.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { roleMayCall } from '../../../shared/calls.js';
import { axisMoney, monthLabel } from './payrollFormat.js';

export default function PayrollHome(props: PageProps) {
  const { access } = useSession();
  return roleMayCall('payslips.dashboard', access.role) ? <PayrollDashboard {...props} /> : <MyPayslips />;
}

const cardCol = { xs: 24, sm: 12, xl: 6 } as const;

function PayrollDashboard(_: PageProps) {
  const { result, query } = useDeclaredQuery('payslips.dashboard');
  const state = readState(query, 'The payroll dashboard could not be loaded', Boolean(result?.data));
  if (state) return state;
  const d = result!.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>Payroll</Typography.Title>
      <Row gutter={[16, 16]}>
        <Col {...cardCol}><Card size="small"><Statistic title="Employees" value={d.card.employees} /></Card></Col>
        <Col {...cardCol}>
          <Card size="small"><Statistic title={`Salary ${monthLabel(`${d.card.month}-01`)}`} value={formatMoney(d.card.month_salary_amount)} /></Card>
        </Col>
        <Col {...cardCol}>
          <Card size="small"><Statistic title={`Paid ${monthLabel(`${d.card.month}-01`)}`} value={formatMoney(d.card.month_amount_paid)} /></Card>
        </Col>
        <Col {...cardCol}>
          <Card size="small">
            <Statistic title="Total salary" value={formatMoney(d.card.total_salary_amount)} />
            <Typography.Text type="secondary">Paid {formatMoney(d.card.total_amount_paid)}</Typography.Text>
          </Card>
        </Col>
      </Row>
      <Card title="Monthly salary" size="small">
        {d.payroll.length ? (
          <SeriesDrawing
            kind="bar" height={260} title="Monthly salary" desc="Salary amount and amount paid in each month"
            data={d.payroll} categoryKey="month_year" formatCategory={monthLabel} formatValue={axisMoney}
            series={[{ key: 'salary_amount', label: 'Salary', color: '#1677ff' }, { key: 'amount_paid', label: 'Paid', color: '#52c41a' }]}
          />
        ) : <Empty description="No payroll entries yet" />}
      </Card>
      <Card title="Employees" size="small">
        <Table
          rowKey="id" size="small" dataSource={d.employees} pagination={false} scroll={{ x: true }}
          columns={[
            { title: 'Employee', dataIndex: 'name', render: (v: string, r) => <Link to={`/payroll/${r.id}/`}>{v}</Link> },
            { title: 'Job Title', dataIndex: 'job_title', responsive: ['sm'] },
            { title: 'CTC', dataIndex: 'ctc', align: 'right', render: (v: number | null) => (v == null ? 'Not set' : formatMoney(v)) },
            { title: 'Salary', dataIndex: 'total_salary', align: 'right', render: formatMoney, responsive: ['md'] },
            { title: 'Paid', dataIndex: 'total_paid', align: 'right', render: formatMoney, responsive: ['md'] },
          ]}
        />
      </Card>
    </Space>
  );
}

function MyPayslips() {
  const { result, query } = useDeclaredQuery('payslips.mine');
  const state = readState(query, 'Your payslips could not be loaded', Boolean(result?.data));
  if (state) return state;
  const rows = result!.data;
  return (
    <Card title="My Payslips">
      <Table
        rowKey="id" size="small" dataSource={rows} pagination={false} scroll={{ x: true }}
        locale={{ emptyText: <Empty description="No payslips yet" /> }}
        columns={[
          { title: 'Month', dataIndex: 'month_year', render: (v: string, r) => <Link to={`/payroll/view/${r.id}`}>{monthLabel(v)}</Link> },
          { title: 'Salary', dataIndex: 'salary_amount', align: 'right', render: formatMoney },
          { title: 'Paid', dataIndex: 'amount_paid', align: 'right', render: formatMoney, responsive: ['sm'] },
          { title: 'Paid On', dataIndex: 'payment_date', render: (v: string | null) => (v ? formatDate(v, 'DD-MM-YYYY') : ''), responsive: ['md'] },
          {
            title: 'Print', key: 'print',
            render: (_, r) => <Link to={`/payroll/view/${r.id}?print=1`} aria-label={`Print payslip ${monthLabel(r.month_year)}`}><PrinterOutlined /> Print</Link>,
          },
        ]}
      />
    </Card>
  );
}
