/**
 * Pocket money of one student (/students/:id/pocket-money/): the transactions oldest first
 * (ID, Details, Date in local time, Credit, Debit, Balance) with the current balance in rupees,
 * and the Add Transaction modal (PUT /pocket-money/ → 'Transaction added!').
 */
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, Card, Form, Input, InputNumber, Modal, Radio, Space, Statistic, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useCreate, useList } from '@refinedev/core';
import type { HttpError } from '@refinedev/core';
import dayjs, { type Dayjs } from 'dayjs';
import type { PageProps } from '../registry.js';
import { resourceByName } from '../../../shared/registry.js';
import { formatDateTime, formatMoney } from '../../framework/format.js';
import { errorNotification } from '../../framework/notify.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { useAllowed } from '../../framework/useAccess.js';
import { fieldConfig } from '../../framework/form/CustomFields.js';
import { fillMessage } from '../../framework/calls.js';
import { currentBalance, ledger, type LedgerRow, type PocketMoneyTxn } from './pocketMoneyModel.js';
import type { StudentRecord } from './detailsModel.js';
import { classSection } from './studentModel.js';
import { DateItem } from '../../framework/DateInput.js';

export const POCKET_DATE_FORMAT = 'DD MMM, YYYY hh:mm A';

export default function PocketMoney(_props: PageProps) {
  const { id } = useParams();
  const studentId = Number(id);
  const [adding, setAdding] = useState(false);
  // The page is declared on students; adding a transaction is pocket-money's own permission.
  const canAdd = useAllowed(resourceByName('pocket-money'), 'create');

  const student = useDeclaredQuery('students.one', { params: { id: studentId } }, { enabled: Number.isInteger(studentId), errorToast: false });
  const { result, query } = useList<PocketMoneyTxn>({
    resource: 'pocket-money', pagination: { mode: 'off' }, errorNotification,
    filters: [{ field: 'student_id', operator: 'eq', value: studentId }],
    queryOptions: { enabled: Number.isInteger(studentId) },
  });
  const rows = useMemo(() => ledger(result?.data), [result]);
  const balance = currentBalance(result?.data);
  const s: StudentRecord | undefined = student.result?.data;

  return (
    <Card
      title={`Pocket Money${s?.fullname ? ` — ${s.fullname}` : ''}`}
      extra={
        <Space wrap>
          <Link to={`/students/details/${studentId}`}>Student details</Link>
          {canAdd && <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>Add Transaction</Button>}
        </Space>
      }
    >
      <Space size="large" wrap style={{ marginBottom: 16 }}>
        <Statistic title="Current Balance" value={formatMoney(balance)} valueStyle={{ color: balance < 0 ? '#cf1322' : undefined }} />
        {s && <Statistic title="Class" value={classSection(s) || '—'} />}
        {s?.admission_no && <Statistic title="Admission No" value={s.admission_no} formatter={(v) => String(v)} />}
      </Space>
      <Table<LedgerRow>
        rowKey="id"
        dataSource={rows}
        loading={query.isFetching}
        size="middle"
        scroll={{ x: true }}
        pagination={{ pageSize: 50, showSizeChanger: true, showTotal: (t) => `${t} transactions` }}
        columns={[
          { key: 'id', dataIndex: 'id', title: 'ID' },
          { key: 'details', dataIndex: 'details', title: 'Details' },
          { key: 'date', title: 'Date', render: (_: unknown, r) => formatDateTime(r.date, POCKET_DATE_FORMAT) },
          { key: 'credit', title: 'Credit', align: 'right', render: (_: unknown, r) => (r.credit === null ? '' : formatMoney(r.credit)) },
          { key: 'debit', title: 'Debit', align: 'right', render: (_: unknown, r) => (r.debit === null ? '' : formatMoney(r.debit)) },
          { key: 'balance', title: 'Balance', align: 'right', render: (_: unknown, r) => formatMoney(r.balance) },
        ]}
      />
      {adding && <AddTransaction studentId={studentId} onClose={() => setAdding(false)} />}
    </Card>
  );
}

interface TxnForm { amount?: number; txn_type?: number; date?: Dayjs; details?: string }

const pocketMoney = resourceByName('pocket-money');
/** The transaction's checks as the server makes them. */
const rules = (k: string) => fieldConfig(pocketMoney).rules(k);

function AddTransaction({ studentId, onClose }: { studentId: number; onClose: () => void }) {
  const [form] = Form.useForm<TxnForm>();
  const { mutateAsync: create, mutation } = useCreate();

  const onFinish = async (v: TxnForm) => {
    try {
      await create({
        resource: 'pocket-money',
        values: { student_id: studentId, amount: v.amount, txn_type: v.txn_type, date: v.date!.second(0).millisecond(0).toISOString(), details: v.details?.trim() },
        successNotification: () => ({ type: 'success', message: fillMessage(pocketMoney.messages.created!, {}) }),
        // Server errors are shown as they are; a failure without a server answer reads 'Failed to add!'.
        errorNotification: (err?: HttpError) => ({ type: 'error', message: err?.statusCode && err.message ? err.message : 'Failed to add!' }),
      });
      onClose();
    } catch {
      // The notification was shown; the form stays for a retry.
    }
  };

  return (
    <Modal
      open
      title="Add Transaction"
      okText="Add"
      onOk={() => form.submit()}
      okButtonProps={{ loading: mutation.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<TxnForm> form={form} layout="vertical" name="pocket-money" onFinish={onFinish} initialValues={{ txn_type: 0, date: dayjs() }}>
        <Form.Item label="Amount" name="amount" rules={rules('amount')}>
          <InputNumber prefix="₹" min={0} step={1} precision={2} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="Type" name="txn_type" rules={rules('txn_type')}>
          <Radio.Group options={[{ value: 0, label: 'Credit' }, { value: 1, label: 'Debit' }]} />
        </Form.Item>
        <DateItem label="Date" name="date" rules={rules('date')} picker={{ timeStep: 1, style: { width: 'auto' } }} />
        <Form.Item label="Details" name="details" rules={rules('details')}>
          <Input.TextArea rows={3} maxLength={300} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
