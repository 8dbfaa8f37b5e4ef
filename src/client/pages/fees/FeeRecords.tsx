/**
 * Fee records: /fees/records/:id (staff, and parents for their own child) and /fees/ (parents,
 * with a picker of their children from GET /students-list/). The student's fee history lists each bill, newest first, with its lines and installments (negative = refund) in an
 * expandable row. Staff act on a bill — Pay Installment (while something is pending), Refund
 * (once something is paid), Update Discount (when discounts are enabled), Delete, Due Alert SMS
 * (while a balance remains), Forfeit (shown disabled), Print Receipt; parents see the history,
 * print receipts and Pay online what is due.
 */
import { ROLE_IDS } from '../../../shared/roles.js';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, App, Button, Card, Descriptions, Form, Grid, InputNumber, Modal, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import type { PageProps } from '../registry.js';
import { resourceByName } from '../../../shared/registry.js';
import { useSession } from '../../app/SessionContext.js';
import { errorStatus, errorText } from '../../framework/useCall.js';
import { useDeclaredCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { formatDateTime, formatMoney } from '../../framework/format.js';
import { useAllowed, usePageButton } from '../../framework/useAccess.js';
import { toRupees } from '../../../shared/money.js';
import { ParentStudentPicker } from '../ParentStudentPicker.js';
import { ParentFeeCards } from './ParentFeeCards.js';
import {
  DISCOUNT_MIN, DISCOUNT_REQUIRED, FIGURE_LABELS, billState, canAlert, canPayInstallment, canRefund, discountsEnabled, isRefund, kindLabel,
  lineTotal, modeLabel, sortedInstallments, type BillInstallment, type FeeRecord,
} from './feesModel.js';
import { classSectionLabel } from '../../framework/labels.js';
import { useDueAlerts } from './useDueAlerts.js';
import { ROW_MENU_WIDTH, RowMenu, usePhoneWidth } from '../../framework/list/RowMenu.js';

const DATE = 'DD-MM-YYYY';
/** On a phone a bill's name and money come first, its date and year after them. */
const PHONE_ORDER = ['name', 'pending', 'paid', 'total', 'discount', 'date', 'year', 'actions'];
const phoneOrder = (phone: boolean, columns: ColumnsType<FeeRecord>): ColumnsType<FeeRecord> =>
  (phone ? [...columns].sort((a, b) => PHONE_ORDER.indexOf(String(a.key)) - PHONE_ORDER.indexOf(String(b.key))) : columns);
/** Dates and amounts stay on one line. */
const oneLine = () => ({ style: { whiteSpace: 'nowrap' as const } });

export default function FeeRecords(_props: PageProps) {
  const { user } = useSession();
  return user.role === ROLE_IDS.parent ? <ParentFees /> : <StaffRecords />;
}

function StaffRecords() {
  const { id } = useParams();
  const studentId = Number(id);
  if (!Number.isInteger(studentId)) return <Alert type="error" showIcon message="Invalid Link" />;
  return <History studentId={studentId} staff />;
}

/** Parents pick one of their children; /fees/records/:id opens on that child. */
function ParentFees() {
  const { id } = useParams();
  return (
    <ParentStudentPicker selectId="fee-student" size="small" initial={id ? Number(id) : undefined}>
      {(student) => <History key={student.id} studentId={student.id} staff={false} />}
    </ParentStudentPicker>
  );
}

function History({ studentId, staff }: { studentId: number; staff: boolean }) {
  const navigate = useNavigate();
  const removeBill = useDeclaredCall('fee-payments.remove');
  const def = resourceByName('fee-payments');
  // Teachers and librarians read the records; only those the server lets act see the actions.
  const canCreate = useAllowed(def, 'create') && staff;
  const canPay = usePageButton(def, 'installment', 'pay') && staff;
  const canUpdate = useAllowed(def, 'update') && staff;
  const canDiscount = usePageButton(def, 'records', 'discount') && staff;
  const canAlertSms = usePageButton(def, 'records', 'alert') && staff;
  const canRemove = usePageButton(def, 'records', 'delete') && staff;
  const readSettings = usePageButton(def, 'records', 'discountSettings') && staff;
  const [discountFor, setDiscountFor] = useState<FeeRecord | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const alerts = useDueAlerts();

  const history = useDeclaredQuery('fee-payments.history', { params: { student_id: studentId } });
  const settingsQ = useDeclaredQuery('fee-payments.settings', {}, { enabled: readSettings });
  const discounts = discountsEnabled(settingsQ.result?.data);
  const data = history.result?.data;
  const fees = data?.fees ?? [];
  const student = data?.student;
  const refetch = () => history.query.refetch();
  // A parent's phone gets the bills as cards: the table's Pay would sit off screen.
  const screens = Grid.useBreakpoint();
  const asCards = !staff && !screens.md;
  const phone = usePhoneWidth();

  /** A call on a bill: the declared call shows its own message or refusal; the records follow. */
  const act = async (key: string, run: () => Promise<unknown>) => {
    setBusy(key);
    try {
      await run();
      await refetch();
    } catch {
      // Refused: the server's words are shown.
    } finally {
      setBusy(null);
    }
  };

  // The student's bills added up by the server, each figure named as on the bills below.
  const totals = data?.totals;

  const actions = (r: FeeRecord) => {
    const p = r.payment;
    const print = <Button size="small" icon={<PrinterOutlined />} onClick={() => navigate(`/fees/receipt/${p.id}`)}>Print Receipt</Button>;
    if (!staff) {
      return (
        <Space wrap size="small">
          {print}
          {canPayInstallment(p) && <Button size="small" type="primary" onClick={() => navigate(`/fees/pay/installment/${p.id}`)}>Pay</Button>}
        </Space>
      );
    }
    return (
      <>
        {canPay && (
          <Button size="small" type="primary" disabled={!canPayInstallment(p)} onClick={() => navigate(`/fees/pay/installment/${p.id}`)}>Pay Installment</Button>
        )}
        {canUpdate && <Button size="small" disabled={!canRefund(p)} onClick={() => navigate(`/fees/refund/${p.id}`)}>Refund</Button>}
        {canDiscount && discounts && <Button size="small" onClick={() => setDiscountFor(r)}>Update Discount</Button>}
        {canAlertSms && canAlert(p) && (
          <Button size="small" loading={alerts.busy === `alert-${p.id}`} onClick={() => alerts.alertBill(p.id)}>
            Due Alert SMS
          </Button>
        )}
        {canUpdate && <Tooltip title="Not available"><Button size="small" disabled>Forfeit</Button></Tooltip>}
        {print}
        {canRemove && (
          <Popconfirm
            title="Delete this bill?"
            description="Its items, payments and refunds are removed with it."
            okText="Delete" okButtonProps={{ danger: true }}
            onConfirm={() => act(`delete-${p.id}`, () => removeBill({ params: { payment_id: p.id } }))}
          >
            <Button size="small" danger loading={busy === `delete-${p.id}`}>Delete</Button>
          </Popconfirm>
        )}
      </>
    );
  };

  return (
    <Card
      title={`Fee Records${student?.fullname ? ` — ${student.fullname}` : ''}`}
      extra={canCreate ? <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`/fees/pay/${studentId}`)}>New Bill</Button> : undefined}
    >
      {student && (
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 2 }} style={{ marginBottom: 8 }}>
          <Descriptions.Item label="Admission No">{student.admission_no ?? ''}</Descriptions.Item>
          <Descriptions.Item label="Class">{classSectionLabel(student)}</Descriptions.Item>
        </Descriptions>
      )}
      {totals && (
        // All the student's bills: side by side under their names on a wide screen, one a line on a phone.
        <Descriptions size="small" layout={screens.md ? 'vertical' : 'horizontal'} style={{ marginBottom: 16 }}
          column={{ xs: 1, sm: 1, md: 5, lg: 5, xl: 5, xxl: 5 }} styles={{ content: { whiteSpace: 'nowrap' } }}>
          <Descriptions.Item label={FIGURE_LABELS.gross}>{formatMoney(totals.gross_amount)}</Descriptions.Item>
          <Descriptions.Item label={FIGURE_LABELS.discount}>{formatMoney(totals.discount_amount)}</Descriptions.Item>
          <Descriptions.Item label={FIGURE_LABELS.payable}>{formatMoney(totals.total_amount)}</Descriptions.Item>
          <Descriptions.Item label={FIGURE_LABELS.paid}>{formatMoney(totals.paid_amount)}</Descriptions.Item>
          <Descriptions.Item label={FIGURE_LABELS.pending}>{formatMoney(totals.pending_amount)}</Descriptions.Item>
        </Descriptions>
      )}
      {asCards ? (
        <ParentFeeCards fees={fees} loading={history.query.isFetching} actions={actions} details={(r) => <BillDetails record={r} />} />
      ) : <Table<FeeRecord>
        rowKey={(r) => r.payment.id}
        dataSource={fees}
        loading={history.query.isFetching}
        size="middle"
        scroll={{ x: true }}
        pagination={false}
        locale={{ emptyText: 'No fee records' }}
        expandable={{ expandedRowRender: (r) => <BillDetails record={r} /> }}
        columns={phoneOrder(phone, [
          { key: 'date', title: 'Date', render: (_: unknown, r) => formatDateTime(r.payment.timestamp, DATE), onCell: oneLine },
          { key: 'name', title: 'Fee', render: (_: unknown, r) => r.payment.name ?? '' },
          { key: 'year', title: 'Academic Year', onCell: oneLine, render: (_: unknown, r) => r.payment.ac_year_name ?? '' },
          { key: 'total', title: FIGURE_LABELS.gross, align: 'right', render: (_: unknown, r) => formatMoney(r.payment.gross_amount), onCell: oneLine },
          { key: 'discount', title: FIGURE_LABELS.discount, align: 'right', render: (_: unknown, r) => formatMoney(r.payment.discount_amount ?? 0), onCell: oneLine },
          { key: 'paid', title: FIGURE_LABELS.paid, align: 'right', render: (_: unknown, r) => formatMoney(r.payment.paid_amount), onCell: oneLine },
          {
            key: 'pending', title: FIGURE_LABELS.pending, align: 'right', onCell: oneLine,
            render: (_: unknown, r) => {
              const pending = billState(r.payment).pendingPaise;
              return <Typography.Text type={pending > 0 ? 'danger' : undefined}>{formatMoney(toRupees(pending))}</Typography.Text>;
            },
          },
          {
            key: 'actions', title: 'Actions', fixed: phone ? 'right' : undefined, width: phone ? ROW_MENU_WIDTH : undefined,
            render: (_: unknown, r) => <RowMenu phone={phone}>{actions(r)}</RowMenu>,
          },
        ])}
      />}
      {discountFor && (
        <DiscountModal
          record={discountFor}
          onClose={async (saved) => { setDiscountFor(null); if (saved) await refetch(); }}
        />
      )}
    </Card>
  );
}

/** A bill's lines and its installments, refunds shown as negative amounts. */
function BillDetails({ record }: { record: FeeRecord }) {
  const installments = sortedInstallments(record.installments);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid={`bill-${record.payment.id}`}>
      {(record.refunds_due ?? []).map((o) => (
        <Alert
          key={o.order_id}
          type="warning"
          showIcon
          message={`Online payment of ${formatMoney(o.amount)} to be refunded`}
          description={`${o.gateway} payment ${o.gateway_payment_id ?? ''} (order ${o.order_id}, ${formatDateTime(o.timestamp)}) arrived after this bill was settled, so it was not credited. It is refunded through the payment gateway.`}
        />
      ))}
      {(record.details?.length ?? 0) > 0 && (
        <Table
          rowKey={(d) => d.id ?? d.fee_item_name}
          size="small"
          scroll={{ x: true }}
          pagination={false}
          title={() => <b>Items</b>}
          dataSource={record.details}
          columns={[
            { key: 'item', dataIndex: 'fee_item_name', title: 'Item' },
            { key: 'amount', title: 'Amount', align: 'right', render: (_: unknown, d) => formatMoney(d.amount) },
            { key: 'qty', dataIndex: 'quantity', title: 'Qty', align: 'right' },
            { key: 'total', title: 'Total', align: 'right', render: (_: unknown, d) => formatMoney(lineTotal(d)) },
          ]}
        />
      )}
      <Table<BillInstallment>
        rowKey="id"
        size="small"
        scroll={{ x: true }}
        pagination={false}
        title={() => <b>Installments</b>}
        dataSource={installments}
        locale={{ emptyText: 'Nothing paid yet' }}
        rowClassName={(i) => (isRefund(i) ? 'fee-refund-row' : '')}
        columns={[
          { key: 'receipt', dataIndex: 'receipt_no', title: 'Receipt No' },
          { key: 'date', title: 'Date', render: (_: unknown, i) => formatDateTime(i.timestamp), onCell: oneLine },
          { key: 'kind', title: 'Type', render: (_: unknown, i) => (isRefund(i) ? <Tag color="red">Refund</Tag> : <Tag color="green">{kindLabel(i)}</Tag>) },
          { key: 'mode', title: 'Mode', render: (_: unknown, i) => modeLabel(i.mode) },
          { key: 'details', title: 'Details', render: (_: unknown, i) => [i.account, i.extras?.transaction_details].filter(Boolean).join(' · ') },
          {
            key: 'amount', title: 'Amount', align: 'right',
            render: (_: unknown, i) => <Typography.Text type={isRefund(i) ? 'danger' : undefined}>{formatMoney(i.paid_amount)}</Typography.Text>,
          },
        ]}
      />
    </Space>
  );
}

function DiscountModal({ record, onClose }: { record: FeeRecord; onClose: (saved: boolean) => void }) {
  const { notification } = App.useApp();
  const updateDiscount = useDeclaredCall('fee-payments.discount', { errorToast: false });
  const [form] = Form.useForm<{ discount_amount?: number | null }>();
  const [busy, setBusy] = useState(false);

  const save = async (v: { discount_amount?: number | null }) => {
    setBusy(true);
    try {
      await updateDiscount({ body: { fee_payment_id: record.payment.id, discount_amount: v.discount_amount! } });
      onClose(true);
    } catch (e) {
      // A refusal shows the server's text; no answer at all is the spec's fixed message.
      notification.error({ message: errorStatus(e) ? errorText(e) : 'Failed to update discount amount!' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title="Update Discount"
      okText="Update"
      onOk={() => form.submit()}
      okButtonProps={{ loading: busy }}
      onCancel={() => !busy && onClose(false)}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {record.payment.name ?? 'Bill'}: total before discount {formatMoney(record.payment.gross_amount)}, paid {formatMoney(record.payment.paid_amount)}.
      </Typography.Paragraph>
      <Form form={form} layout="vertical" name="fee-discount" onFinish={save} initialValues={{ discount_amount: Number(record.payment.discount_amount ?? 0) }}>
        <Form.Item label="Discount" name="discount_amount" rules={[{ required: true, message: DISCOUNT_REQUIRED }, { type: 'number', min: 0, message: DISCOUNT_MIN }]}>
          <InputNumber prefix="₹" min={0} precision={2} style={{ width: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
