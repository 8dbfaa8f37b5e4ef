import { Alert, Descriptions, Spin, Table, Tag } from 'antd';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { formatMoney } from '../../framework/format.js';
import { gatewayRows, isOn } from './feesModel.js';

const onOff = (v: unknown) => (isOn(v) ? <Tag color="green">Enabled</Tag> : <Tag>Disabled</Tag>);

/** GET /settings/fees/, read-only: the product's support team changes these. */
export function FeeSettingsTab() {
  const { result, query } = useDeclaredQuery('school.feeSettings');
  const s = result?.data;
  if (query.isLoading) return <Spin style={{ display: 'block', margin: 32 }} />;
  if (!s) return <Alert type="error" showIcon message="Could not load the fee settings." />;
  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message="Changes go through the product support team" />
      <Descriptions column={1} size="small" bordered data-testid="fee-settings">
        <Descriptions.Item label="Fee Discounts">{onOff(s.fee_discounts_enabled)}</Descriptions.Item>
        <Descriptions.Item label="Partial Payment">{onOff(s.fee_partial_payment_enabled)}</Descriptions.Item>
        <Descriptions.Item label="Online Fee Payment">{onOff(s.online_fee_payment_enabled)}</Descriptions.Item>
        <Descriptions.Item label="Currency">{s.fee_currency ?? 'INR'}</Descriptions.Item>
      </Descriptions>
      <Table
        style={{ marginTop: 16 }}
        rowKey="value"
        size="small"
        pagination={false}
        title={() => <b>Payment Gateways</b>}
        dataSource={gatewayRows(s)}
        columns={[
          { key: 'name', dataIndex: 'name', title: 'Gateway' },
          { key: 'enabled', title: 'Status', render: (_: unknown, g) => onOff(g.enabled) },
          { key: 'tdr_amount', title: 'TDR Amount', align: 'right', render: (_: unknown, g) => (g.tdr_amount === null ? '—' : formatMoney(g.tdr_amount)) },
          { key: 'tdr_rate', title: 'TDR Rate', align: 'right', render: (_: unknown, g) => (g.tdr_rate === null ? '—' : `${g.tdr_rate}%`) },
          { key: 'tdr_tax_rate', title: 'Tax on TDR', align: 'right', render: (_: unknown, g) => (g.tdr_tax_rate === null ? '—' : `${g.tdr_tax_rate}%`) },
        ]}
      />
    </>
  );
}
