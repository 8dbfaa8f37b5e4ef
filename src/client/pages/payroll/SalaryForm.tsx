/**
 * /payroll/salary/: sets an employee's salary structure: the monthly CTC and its items, each a
 * credit or a debit with a value. The form shows the items' credits minus debits beside the
 * CTC; the server refuses a structure whose items do not add up to it.
 */
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { MoneyInput, paiseRule } from '../../framework/MoneyInput.js';
import { formatMoney } from '../../framework/format.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { callDeclared, useDeclaredCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { declaredCall } from '../../../shared/calls.js';
import { toPaise, toRupees } from '../../../shared/money.js';
import { CREDIT, DEBIT, itemsTotalPaise, type ItemType } from '../../../shared/payroll.js';
import { parseSalaryItems, type SalaryItemRow } from './salaryItems.js';
import { PICKER } from '../../framework/pickers.js';

const PAYLOAD = declaredCall('payroll-salaries.set').def.payload!;
const ITEM = { ...PAYLOAD.properties.salary.items, errorMessage: PAYLOAD.properties.salary.items.errorMessage };
const rules = (field: string) => payloadRules(PAYLOAD, field);
const itemRules = (field: string) => payloadRules(ITEM, field);
const TYPES = [{ value: CREDIT, label: 'Credit' }, { value: DEBIT, label: 'Debit' }];

interface Values { employee_id?: number; ctc?: number; salary?: Array<Partial<SalaryItemRow>> }

export default function SalaryForm(_: PageProps) {
  const [form] = Form.useForm<Values>();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const chosen = Number(search.get('employee')) || undefined;
  const employees = useDeclaredQuery('payroll-salaries.employees');
  const set = useDeclaredCall('payroll-salaries.set');
  const { busy, run } = useBusyAction();
  const employeeId = Form.useWatch('employee_id', form);
  const ctc = Form.useWatch('ctc', form);
  const items = Form.useWatch('salary', form) ?? [];

  // Choosing an employee with a salary fills the form with it, to change.
  useEffect(() => {
    if (!employeeId) return;
    let live = true;
    callDeclared('payroll-salaries.salary', { params: { id: employeeId } })
      .then(({ data }) => { if (live) form.setFieldsValue({ ctc: data.ctc, salary: parseSalaryItems(data.salary) }); })
      .catch(() => { if (live) form.setFieldsValue({ ctc: undefined, salary: [] }); });
    return () => { live = false; };
  }, [employeeId, form]);

  const net = itemsTotalPaise(items.filter((i) => i && typeof i.value === 'number').map((i) => ({ item_name: '', type: (i.type === DEBIT ? DEBIT : CREDIT) as ItemType, paise: toPaise(Number(i.value)) })));
  const differs = items.length > 0 && typeof ctc === 'number' && net !== toPaise(ctc);
  const submit = (v: Values) => run(async () => {
    await set({ body: {
      employee_id: v.employee_id!, ctc: v.ctc!,
      salary: (v.salary ?? []).map((i) => ({ item_name: (i.item_name ?? '').trim(), type: (i.type === DEBIT ? DEBIT : CREDIT) as ItemType, value: i.value ?? 0 })),
    } });
    navigate(`/payroll/employee/${v.employee_id}/salary`);
  });
  const options = (employees.query.isSuccess ? employees.result?.data ?? [] : []).map((e) => ({ value: e.id, label: e.job_title ? `${e.name} (${e.job_title})` : e.name }));
  return (
    <Card title="Set Salary" style={{ maxWidth: 760 }}>
      <Form<Values> form={form} layout="vertical" onFinish={submit} disabled={busy} initialValues={{ employee_id: chosen, salary: [] }}>
        <Form.Item label="Employee" name="employee_id" rules={rules('employee_id')}>
          <Select options={options} {...PICKER} placeholder="Employee" loading={employees.query.isLoading} />
        </Form.Item>
        <Form.Item label="CTC (monthly)" name="ctc" rules={[...rules('ctc'), paiseRule]} extra="The month's pay without absence, in whole rupees.">
          <MoneyInput style={{ width: '100%' }} />
        </Form.Item>
        <Typography.Text strong>Salary Items</Typography.Text>
        <Form.List name="salary">
          {(fields, { add, remove }) => (
            <div style={{ marginTop: 8 }}>
              {fields.map((f) => (
                <Space key={f.key} align="start" wrap style={{ display: 'flex', marginBottom: 4 }}>
                  <Form.Item name={[f.name, 'item_name']} rules={itemRules('item_name')} style={{ marginBottom: 8 }}>
                    <Input placeholder="Item name" aria-label="Item name" maxLength={60} style={{ width: 180 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'type']} rules={itemRules('type')} style={{ marginBottom: 8 }}>
                    <Select options={TYPES} placeholder="Type" aria-label="Type" style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'value']} rules={[...itemRules('value'), paiseRule]} style={{ marginBottom: 8 }}>
                    <MoneyInput placeholder="Value" aria-label="Value" style={{ width: 150 }} />
                  </Form.Item>
                  <Button icon={<DeleteOutlined />} aria-label="Remove item" onClick={() => remove(f.name)} />
                </Space>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ type: CREDIT })}>Add Item</Button>
            </div>
          )}
        </Form.List>
        {items.length > 0 && (
          <Alert
            style={{ margin: '12px 0' }} showIcon type={differs ? 'warning' : 'success'}
            message={`Credits − debits: ${formatMoney(toRupees(net))}${differs ? `; the CTC is ${formatMoney(ctc)}` : ''}`}
          />
        )}
        <Button type="primary" htmlType="submit" loading={busy} style={{ marginTop: 12 }}>Save</Button>
      </Form>
    </Card>
  );
}
