/** /payroll/employee/{id}/salary: an employee's salary structure, its CTC and items (spec 2 §2). */
import { Link, useParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Table, Tag } from 'antd';
import type { PageProps } from '../registry.js';
import { formatMoney } from '../../framework/format.js';
import { readState } from '../../framework/readState.js';
import { useScreenAllowed } from '../../framework/useAccess.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { errorStatus } from '../../framework/useCall.js';
import { DEBIT } from '../../../shared/payroll.js';
import { parseSalaryItems } from './salaryItems.js';

export default function SalaryView({ resource }: PageProps) {
  const { id } = useParams();
  const employeeId = Number(id);
  const { result, query } = useDeclaredQuery('payroll-salaries.salary', { params: { id: employeeId } }, { enabled: Number.isInteger(employeeId), errorToast: false });
  const employees = useDeclaredQuery('payroll-salaries.employees', {}, { errorToast: false });
  const canSet = useScreenAllowed(resource, 'create', resource.pages!.set);
  const change = canSet && <Link to={`/payroll/salary/?employee=${employeeId}`}><Button type="primary">{result?.data ? 'Change Salary' : 'Set Salary'}</Button></Link>;
  const name = (employees.query.isSuccess ? employees.result?.data ?? [] : []).find((e) => e.id === employeeId)?.name ?? '';
  if (query.isError && errorStatus(query.error) === 404) {
    return <Card title={`Salary ${name}`} extra={change}><Alert type="info" showIcon message="Employee salary is not set" /></Card>;
  }
  const state = readState(query, 'The salary could not be loaded', Boolean(result?.data));
  if (state) return state;
  const s = result!.data;
  const items = parseSalaryItems(s.salary);
  return (
    <Card title={`Salary ${name}`} extra={change} style={{ maxWidth: 720 }}>
      <Descriptions size="small" bordered column={1} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="CTC (monthly)">{formatMoney(s.ctc)}</Descriptions.Item>
      </Descriptions>
      <Table
        rowKey={(_, i) => String(i)} size="small" dataSource={items} pagination={false}
        locale={{ emptyText: 'No items: the CTC is paid as one Salary item' }}
        columns={[
          { title: 'Item Name', dataIndex: 'item_name' },
          { title: 'Type', dataIndex: 'type', render: (t: number) => (t === DEBIT ? <Tag color="red">Debit</Tag> : <Tag color="green">Credit</Tag>) },
          { title: 'Value', dataIndex: 'value', align: 'right', render: formatMoney },
        ]}
      />
    </Card>
  );
}
