/**
 * Billing (/fees/pay/:id): a bill for student {id} — its name ('Fees' unless named, e.g. 'Term
 * 1'), academic year, item rows (an item from
 * GET /fees/items/ prefills its amount; quantity 1 to 5), transportation, miscellaneous, discount
 * (only when the fee settings allow discounts), payment mode and amount paying (editable only when
 * partial payment is allowed, else the total), with a live preview. Totals are whole paise; the
 * messages of spec 2 §5 are shown under their fields as the person types (nothing typed is
 * rounded, clamped or changed), and again before the call; the bill call then leads to the receipt.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, App, Button, Card, Col, Descriptions, Divider, Form, Input, InputNumber, Row, Select, Space, Spin, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useList } from '@refinedev/core';
import type { YearRow } from '../useClassesAndYears.js';
import type { PageProps } from '../registry.js';
import { errorNotification } from '../../framework/notify.js';
import { useDeclaredCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { formatMoney } from '../../framework/format.js';
import { MoneyInput, paiseRule } from '../../framework/MoneyInput.js';
import { sameValue } from '../../framework/calls.js';
import { toRupees } from '../../../shared/money.js';
import { classSection } from '../students/studentModel.js';
import {
  BILL_MESSAGES, DISCOUNT_MIN, FIGURE_LABELS, DEFAULT_BILL_NAME, DEFAULT_PAYMENT_MODE, MAX_BILL_NAME, MAX_QUANTITY, MIN_QUANTITY, PAYMENT_MODES, billLines, billPayload,
  billProblem, billTotals, discountsEnabled, partialPaymentEnabled, pendingText, type BillFormValues, type FeeItem,
} from './feesModel.js';
import { PICKER } from '../../framework/pickers.js';
import { ACYEAR_STATUS } from '../../../generated/enums/academics.js';

const INITIAL: BillFormValues = {
  name: DEFAULT_BILL_NAME, items: [{ quantity: 1 }], transportation: 0, miscellaneous: 0, discount: 0, mode: DEFAULT_PAYMENT_MODE, amount_paid: 0,
};

export default function FeeBilling(_props: PageProps) {
  const { id } = useParams();
  const studentId = Number(id);
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const payBill = useDeclaredCall('fee-payments.pay');
  const [form] = Form.useForm<BillFormValues>();
  const [busy, setBusy] = useState(false);
  // With partial payment the amount paying follows the total until the user types one.
  const paidTyped = useRef(false);

  const student = useDeclaredQuery('students.one', { params: { id: studentId } }, { enabled: Number.isInteger(studentId) });
  const settingsQ = useDeclaredQuery('fee-payments.settings', {});
  const itemsQ = useList<FeeItem>({ resource: 'fee-items', pagination: { mode: 'off' }, errorNotification });
  const yearsQ = useList<YearRow>({ resource: 'acyears', pagination: { mode: 'off' }, errorNotification });

  const settings = settingsQ.result?.data;
  const opts = useMemo(() => ({ discounts: discountsEnabled(settings), partial: partialPaymentEnabled(settings) }), [settings]);
  const items = useMemo(() => itemsQ.result?.data ?? [], [itemsQ.result]);
  const years = yearsQ.result?.data ?? [];
  const s = student.result?.data;

  // The enabled academic year (status 1) is preselected.
  useEffect(() => {
    if (form.getFieldValue('ac_year_id')) return;
    const enabled = years.find((y) => sameValue(y.status, ACYEAR_STATUS.ENABLED));
    if (enabled) form.setFieldValue('ac_year_id', enabled.id);
  }, [years, form]);

  const values = (Form.useWatch((v: BillFormValues) => v, { form, preserve: true }) ?? INITIAL) as BillFormValues;
  const totals = billTotals(values, items, opts);
  const lines = billLines(values, items);

  useEffect(() => {
    if (opts.partial && paidTyped.current) {
      // The total moved under a typed amount: say again whether it still fits.
      if (form.isFieldTouched('amount_paid')) void form.validateFields(['amount_paid']).catch(() => undefined);
      return;
    }
    const total = Math.max(0, toRupees(totals.totalPaise));
    if (form.getFieldValue('amount_paid') !== total) form.setFieldValue('amount_paid', total);
  }, [totals.totalPaise, opts.partial, form]);
  const pending = pendingText(totals, formatMoney);

  const pay = async () => {
    const v = form.getFieldsValue(true) as BillFormValues;
    const problem = billProblem(v, items, opts);
    if (problem) {
      notification.error({ message: problem });
      return;
    }
    try {
      await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      const data = await payBill({ body: billPayload(studentId, v, items, opts) });
      navigate(`/fees/receipt/${data.payment_id}`);
    } catch {
      // Refused: the server's words are shown.
    } finally {
      setBusy(false);
    }
  };

  if (!Number.isInteger(studentId)) return <Alert type="error" showIcon message="Invalid Link" />;
  if (settingsQ.query.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;

  const itemOptions = items.map((it) => ({ value: it.id, label: it.name }));
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Card
          title={`Pay Fees${s?.fullname ? ` — ${s.fullname}` : ''}`}
          extra={<Button onClick={() => navigate(`/fees/records/${studentId}`)}>Fee Records</Button>}
        >
          {s && (
            <Typography.Paragraph type="secondary">
              {[s.admission_no && `Admission No ${s.admission_no}`, classSection(s as any) && `Class ${classSection(s as any)}`].filter(Boolean).join(' · ')}
            </Typography.Paragraph>
          )}
          <Form<BillFormValues> form={form} layout="vertical" name="fee-bill" initialValues={INITIAL} onFinish={pay}>
            <Form.Item
              label="Bill Name" name="name" style={{ maxWidth: 280 }} extra="For example Term 1"
              rules={[{ required: true, whitespace: true, message: BILL_MESSAGES.name }, { max: MAX_BILL_NAME, message: BILL_MESSAGES.nameTooLong }]}
            >
              <Input maxLength={MAX_BILL_NAME + 20} />
            </Form.Item>
            <Form.Item label="Academic Year" name="ac_year_id" style={{ maxWidth: 280 }}>
              <Select
                loading={yearsQ.query.isLoading}
                options={years.map((y) => ({ value: y.id, label: String(y.name) }))}
                placeholder="Select academic year"
                {...PICKER}
              />
            </Form.Item>
            <Form.List name="items">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((f) => (
                    <Space key={f.key} align="start" wrap data-testid="bill-row">
                      <Form.Item label="Item" name={[f.name, 'fee_item_id']} rules={[{ required: true, message: BILL_MESSAGES.item }]} style={{ width: 240 }}>
                        <Select
                          options={itemOptions}
                          {...PICKER}
                          placeholder="Select item"
                          loading={itemsQ.query.isLoading}
                          onChange={(itemId: number) => {
                            const it = items.find((x) => x.id === itemId);
                            if (it) form.setFieldValue(['items', f.name, 'amount'], Number(it.amount));
                          }}
                        />
                      </Form.Item>
                      <Form.Item label="Amount" name={[f.name, 'amount']} rules={[{ required: true, message: BILL_MESSAGES.lineAmount }, { type: 'number', min: 0, message: BILL_MESSAGES.lineAmountMin }, paiseRule]}>
                        <MoneyInput style={{ width: 160 }} />
                      </Form.Item>
                      <Form.Item
                        label="Quantity" name={[f.name, 'quantity']}
                        rules={[{ required: true, message: BILL_MESSAGES.lineQuantity }, { type: 'integer', min: MIN_QUANTITY, max: MAX_QUANTITY, message: BILL_MESSAGES.quantity }]}
                      >
                        {/* No min/max: a 7 stays 7 and is refused under the field, not quietly made 5. */}
                        <InputNumber style={{ width: 90 }} inputMode="numeric" />
                      </Form.Item>
                      <Form.Item label=" ">
                        <Button aria-label="Remove item" icon={<DeleteOutlined />} onClick={() => remove(f.name)} />
                      </Form.Item>
                    </Space>
                  ))}
                  <Form.Item>
                    <Button icon={<PlusOutlined />} onClick={() => add({ quantity: 1 })}>Add Item</Button>
                  </Form.Item>
                </>
              )}
            </Form.List>
            <Space wrap align="start">
              <Form.Item label="Transportation" name="transportation" rules={[{ type: 'number', min: 0, message: BILL_MESSAGES.lineAmountMin }, paiseRule]}>
                <MoneyInput style={{ width: 160 }} />
              </Form.Item>
              <Form.Item label="Miscellaneous" name="miscellaneous" rules={[{ type: 'number', min: 0, message: BILL_MESSAGES.lineAmountMin }, paiseRule]}>
                <MoneyInput style={{ width: 160 }} />
              </Form.Item>
              <Form.Item
                label="Discount" name="discount"
                tooltip={opts.discounts ? undefined : 'Discounts are not enabled in the fee settings'}
                rules={[{ type: 'number', min: 0, message: DISCOUNT_MIN }, paiseRule]}
              >
                <MoneyInput style={{ width: 160 }} disabled={!opts.discounts} />
              </Form.Item>
            </Space>
            <Divider style={{ margin: '8px 0 16px' }} />
            <Space wrap align="start">
              <Form.Item label="Payment Mode" name="mode">
                <Select options={PAYMENT_MODES} style={{ width: 180 }} placeholder="Select mode" />
              </Form.Item>
              <Form.Item
                label="Amount Paying" name="amount_paid"
                tooltip={opts.partial ? undefined : 'Partial payment is not enabled: the whole total is paid'}
                rules={[
                  { type: 'number', min: 0, message: BILL_MESSAGES.amount }, paiseRule,
                  {
                    validator: () => {
                      const t = billTotals(form.getFieldsValue(true), items, opts);
                      return t.paidPaise > t.totalPaise ? Promise.reject(new Error(BILL_MESSAGES.tooMuch)) : Promise.resolve();
                    },
                  },
                ]}
              >
                <MoneyInput style={{ width: 180 }} disabled={!opts.partial} onChange={() => { paidTyped.current = true; }} />
              </Form.Item>
            </Space>
            <div>
              <Button type="primary" htmlType="submit" loading={busy}>Pay</Button>
            </div>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card title="Bill Preview" data-testid="bill-preview">
          <Table
            rowKey="key"
            size="small"
            pagination={false}
            dataSource={lines}
            locale={{ emptyText: 'No items yet' }}
            columns={[
              { key: 'name', dataIndex: 'fee_item_name', title: 'Item' },
              { key: 'amount', title: 'Amount', align: 'right', render: (_: unknown, l) => formatMoney(l.amount) },
              { key: 'qty', dataIndex: 'quantity', title: 'Qty', align: 'right' },
              { key: 'total', title: 'Total', align: 'right', render: (_: unknown, l) => formatMoney(toRupees(l.totalPaise)) },
            ]}
          />
          <Descriptions column={1} size="small" bordered style={{ marginTop: 16 }}>
            <Descriptions.Item label={FIGURE_LABELS.gross}>{formatMoney(toRupees(totals.subtotalPaise))}</Descriptions.Item>
            <Descriptions.Item label={FIGURE_LABELS.discount}>{formatMoney(toRupees(totals.discountPaise))}</Descriptions.Item>
            <Descriptions.Item label={FIGURE_LABELS.payable}><b data-testid="bill-total">{formatMoney(toRupees(totals.totalPaise))}</b></Descriptions.Item>
            <Descriptions.Item label="Amount Paying">{formatMoney(toRupees(totals.paidPaise))}</Descriptions.Item>
            <Descriptions.Item label={FIGURE_LABELS.pending}>
              {pending.problem ? <Typography.Text type="danger" data-testid="bill-pending">{pending.text}</Typography.Text> : <span data-testid="bill-pending">{pending.text}</span>}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
    </Row>
  );
}
