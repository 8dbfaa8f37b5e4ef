/** /payroll/{id}: one employee's payroll entries, each opening its payslip (the dashboard's employee links). */
import { Link, useParams } from 'react-router';
import { useList } from '@refinedev/core';
import { Button, Card, Space, Table } from 'antd';
import type { PageProps } from '../registry.js';
import { formatDate, formatMoney } from '../../framework/format.js';
import { readState } from '../../framework/readState.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { monthLabel } from './payrollFormat.js';

interface Entry { id: number; month_year: string; total_days: number; absent_days: number; present_days: number; salary_amount: number; amount_paid: number; payment_date: string | null }

export default function EmployeePayrolls(_: PageProps) {
  const { id } = useParams();
  const employeeId = Number(id);
  const employees = useDeclaredQuery('payroll-salaries.employees', {}, { errorToast: false });
  const list = useList<Entry>({
    resource: 'payrolls', pagination: { mode: 'off' }, errorNotification: false,
    filters: [{ field: 'employee_id', operator: 'eq', value: employeeId }], sorters: [{ field: 'month_year', order: 'desc' }],
  });
  const state = readState(list.query, 'The payroll entries could not be loaded');
  if (state) return state;
  const name = (employees.query.isSuccess ? employees.result?.data ?? [] : []).find((e) => e.id === employeeId)?.name ?? '';
  return (
    <Card
      title={`Payroll ${name}`}
      extra={<Space wrap><Link to={`/payroll/employee/${employeeId}/salary`}>Salary</Link><Link to="/payroll/new"><Button type="primary">New Payroll Entry</Button></Link></Space>}
    >
      <Table
        rowKey="id" size="small" dataSource={list.result?.data ?? []} pagination={false} scroll={{ x: true }}
        locale={{ emptyText: 'No payroll entries yet' }}
        columns={[
          { title: 'Month', dataIndex: 'month_year', render: (v: string, r) => <Link to={`/payroll/view/${r.id}`}>{monthLabel(v)}</Link> },
          { title: 'Present Days', dataIndex: 'present_days', responsive: ['sm'], render: (v: number, r) => `${v} / ${r.total_days}` },
          { title: 'Salary', dataIndex: 'salary_amount', align: 'right', render: formatMoney },
          { title: 'Paid', dataIndex: 'amount_paid', align: 'right', render: formatMoney },
          { title: 'Paid On', dataIndex: 'payment_date', responsive: ['md'], render: (v: string | null) => (v ? formatDate(v, 'DD-MM-YYYY') : '') },
        ]}
      />
    </Card>
  );
}
