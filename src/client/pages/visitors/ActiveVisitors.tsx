/**
 * /visitors/ (spec 3 Visitors): the visitors still inside, latest in first, each checked out
 * at an exit gate (POST /visitor/{id}/, 'Visitor Exited!'). New Visitor and the history are a
 * click away.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Avatar, Button, Card, Form, Input, Modal, Space, Table, Typography } from 'antd';
import { HistoryOutlined, LogoutOutlined, PlusOutlined, UserOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { formatDateTime } from '../../framework/format.js';
import { readState } from '../../framework/readState.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { useDeclaredCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { declaredCall } from '../../../shared/calls.js';
import { infoLink, type VisitorRow } from './parts/visitorRow.js';

const CHECKOUT = declaredCall('visitors.checkout').def.payload!;

export default function ActiveVisitors({ resource }: PageProps) {
  const navigate = useNavigate();
  const canAdd = usePageButton(resource, 'active', 'add');
  const canCheckout = usePageButton(resource, 'active', 'checkout');
  const { result, query } = useDeclaredQuery('visitors.active');
  const [leaving, setLeaving] = useState<VisitorRow | null>(null);
  const rows = (result?.data ?? []) as VisitorRow[];
  const pending = readState(query, 'Could not load the active visitors', !!result?.data);

  const columns = [
    {
      key: 'photo', title: 'Photo', width: 64,
      render: (_: unknown, v: VisitorRow) => <Avatar size={40} shape="square" src={v.photo?.path} icon={<UserOutlined />} alt={`Photo of ${v.name}`} />,
    },
    { key: 'name', title: 'Visitor Name', dataIndex: 'name' },
    { key: 'mobile', title: 'Mobile', dataIndex: 'mobile' },
    { key: 'student_name', title: 'Student Name', dataIndex: 'student_name' },
    { key: 'person_visiting', title: 'Person Visiting', dataIndex: 'person_visiting' },
    { key: 'reason_visiting', title: 'Reason Visiting', dataIndex: 'reason_visiting' },
    { key: 'entry_gate', title: 'Entry Gate', dataIndex: 'entry_gate' },
    { key: 'entry_timestamp', title: 'Entry Timestamp', render: (_: unknown, v: VisitorRow) => formatDateTime(v.entry_timestamp) },
    {
      key: 'actions', title: 'Actions', fixed: 'right' as const,
      render: (_: unknown, v: VisitorRow) => (
        <Space wrap size={4}>
          <Button size="small" aria-label={`Info of ${v.name}`} icon={<UserOutlined />} onClick={() => { const l = infoLink(v); navigate(l.to, { state: l.state }); }}>Info</Button>
          {canCheckout && <Button size="small" type="primary" icon={<LogoutOutlined />} aria-label={`Checkout ${v.name}`} onClick={() => setLeaving(v)}>Checkout</Button>}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="Active Visitors"
      extra={
        <Space wrap>
          <Button icon={<HistoryOutlined />} onClick={() => navigate('/visitors/list/')}>History</Button>
          {canAdd && <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/visitors/new/')}>New Visitor</Button>}
        </Space>
      }
    >
      {pending ?? (
        <Table<VisitorRow>
          rowKey="id" dataSource={rows} columns={columns} size="middle" scroll={{ x: true }} pagination={false}
          locale={{ emptyText: <Typography.Text type="secondary">No visitors inside</Typography.Text> }}
        />
      )}
      {leaving && <CheckoutModal visitor={leaving} onClose={(done) => { setLeaving(null); if (done) void query.refetch(); }} />}
    </Card>
  );
}

function CheckoutModal({ visitor, onClose }: { visitor: VisitorRow; onClose: (done: boolean) => void }) {
  const [form] = Form.useForm<{ exit_gate?: string }>();
  const checkout = useDeclaredCall('visitors.checkout');
  const { busy, run } = useBusyAction();
  const submit = (v: { exit_gate?: string }) => run(async () => {
    await checkout({ params: { id: visitor.id }, body: { exit_gate: v.exit_gate!.trim() } });
    onClose(true);
  });
  return (
    <Modal open title={`Checkout ${visitor.name}`} okText="Checkout" onOk={() => form.submit()} confirmLoading={busy} onCancel={() => onClose(false)} destroyOnHidden>
      <Form form={form} layout="vertical" name="checkout" onFinish={submit} disabled={busy} initialValues={{ exit_gate: visitor.entry_gate }}>
        <Form.Item label="Exit Gate" name="exit_gate" rules={payloadRules(CHECKOUT, 'exit_gate')}><Input /></Form.Item>
      </Form>
    </Modal>
  );
}
