/**
 * /payroll/employees/: the HR employees with their monthly CTC, each linking to their salary
 * structure and their payroll entries; Set Salary for those without one.
 */
import { Link } from 'react-router';
import { Button, Card, Space, Table, Tag } from 'antd';
import type { PageProps } from '../registry.js';
import { formatDate, formatMoney } from '../../framework/format.js';
import { readState } from '../../framework/readState.js';
import { useScreenAllowed } from '../../framework/useAccess.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';

export default function PayrollEmployees({ resource }: PageProps) {
  const { result, query } = useDeclaredQuery('payroll-salaries.employees', { query: { type: 'simple_payroll' } });
  const canSet = useScreenAllowed(resource, 'create', resource.pages!.set);
  const state = readState(query, 'The employees could not be loaded', Boolean(result?.data));
  if (state) return state;
  return (
    <Card title="Employees" extra={canSet && <Link to="/payroll/salary/"><Button type="primary">Set Salary</Button></Link>}>
      <Table
        rowKey="id" size="small" dataSource={result!.data} pagination={false} scroll={{ x: true }}
        columns={[
          { title: 'Name', dataIndex: 'name', render: (v: string, r) => <Link to={`/payroll/${r.id}/`}>{v}</Link> },
          { title: 'Job Title', dataIndex: 'job_title', responsive: ['sm'] },
          { title: 'Date of Birth', dataIndex: 'dob', render: (v: string | null) => (v ? formatDate(v, 'DD-MM-YYYY') : ''), responsive: ['md'] },
          { title: 'CTC', dataIndex: 'ctc', align: 'right', render: (v: number | null) => (v == null ? <Tag>Not set</Tag> : formatMoney(v)) },
          {
            title: 'Salary', key: 'salary',
            render: (_, r) => (
              <Space wrap>
                {r.ctc != null && <Link to={`/payroll/employee/${r.id}/salary`}>View</Link>}
                {canSet && <Link to={`/payroll/salary/?employee=${r.id}`}>{r.ctc == null ? 'Set' : 'Change'}</Link>}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
