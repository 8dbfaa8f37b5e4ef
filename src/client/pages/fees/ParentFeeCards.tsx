/**
 * A parent's bills on a phone: one card per bill with its figures stacked and its actions
 * (Pay, Print Receipt) under them, so nothing needs sideways scrolling on a 390 px screen. The
 * bill's lines and installments open under "Details". The figures read down as a sum: total
 * before discount − discount − paid = pending, with what is payable after the discount between.
 */
import { useState, type ReactNode } from 'react';
import { Button, Card, Descriptions, Empty, Spin, Typography } from 'antd';
import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { formatDateTime, formatMoney } from '../../framework/format.js';
import { toRupees } from '../../../shared/money.js';
import { FIGURE_LABELS, billState, type FeeRecord } from './feesModel.js';

export function ParentFeeCards({ fees, loading, actions, details }: {
  fees: FeeRecord[];
  loading: boolean;
  actions: (r: FeeRecord) => ReactNode;
  details: (r: FeeRecord) => ReactNode;
}) {
  if (!loading && fees.length === 0) return <Empty description="No fee records" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Spin spinning={loading}>
      {fees.map((r) => <BillCard key={r.payment.id} record={r} actions={actions(r)} details={details(r)} />)}
    </Spin>
  );
}

function BillCard({ record, actions, details }: { record: FeeRecord; actions: ReactNode; details: ReactNode }) {
  const [open, setOpen] = useState(false);
  const p = record.payment;
  const s = billState(p);
  const detailsId = `bill-details-${p.id}`;
  return (
    <Card size="small" style={{ marginBottom: 12 }} data-testid={`bill-card-${p.id}`}
      title={<span style={{ whiteSpace: 'normal' }}>{p.name ?? 'Fees'}</span>}
      extra={formatDateTime(p.timestamp, 'DD-MM-YYYY')}
    >
      <Descriptions size="small" column={1} colon={false} styles={{ label: { width: 170 } }}>
        <Descriptions.Item label="Academic Year">{p.ac_year_name ?? ''}</Descriptions.Item>
        <Descriptions.Item label={FIGURE_LABELS.gross}>{formatMoney(toRupees(s.grossPaise))}</Descriptions.Item>
        <Descriptions.Item label={FIGURE_LABELS.discount}>{formatMoney(toRupees(s.discountPaise))}</Descriptions.Item>
        <Descriptions.Item label={FIGURE_LABELS.payable}>{formatMoney(toRupees(s.totalPaise))}</Descriptions.Item>
        <Descriptions.Item label={FIGURE_LABELS.paid}>{formatMoney(toRupees(s.paidPaise))}</Descriptions.Item>
        <Descriptions.Item label={FIGURE_LABELS.pending}>
          <Typography.Text strong type={s.pendingPaise > 0 ? 'danger' : undefined}>{formatMoney(toRupees(s.pendingPaise))}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <div style={{ marginTop: 8 }}>{actions}</div>
      <Button type="link" size="small" style={{ paddingInline: 0, marginTop: 4 }} aria-expanded={open} aria-controls={detailsId}
        icon={open ? <DownOutlined /> : <RightOutlined />} onClick={() => setOpen((o) => !o)}>
        Details
      </Button>
      {open && <div id={detailsId} style={{ marginTop: 8 }}>{details}</div>}
    </Card>
  );
}
