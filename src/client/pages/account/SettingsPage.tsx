import { hasRole } from '../../../shared/roles.js';
import { roleMayCall } from '../../../shared/calls.js';
import { Alert, Card, Descriptions, Grid, List, Select, Spin, Table, Tabs, Tag, theme } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../app/SessionContext.js';
import { MODULES_SETTINGS_ROUTE } from '../../app/routePaths.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { formatMoney } from '../../framework/format.js';
import { gatewayRows, isOn } from '../fees/feesModel.js';
import { BackupStatusCard } from './BackupStatusCard.js';
import { SmsSettingsTab } from './SmsSettingsTab.js';
import { LibrarySettingsTab } from '../library/LibrarySettingsTab.js';
import { AdmissionSettingsTab } from '../admissions/AdmissionSettingsTab.js';

/**
 * /settings: links to what the user can set; for admins the SMS switches (?tab=sms), admissions
 * (?tab=admissions), the library (?tab=library) and a read-only Fees tab (?tab=fees).
 */
export default function SettingsPage() {
  const { user } = useSession();
  const { token } = theme.useToken();
  const [params, setParams] = useSearchParams();
  const admin = hasRole(user, 'admins');
  const narrow = Grid.useBreakpoint().sm === false;
  const entries = [
    { to: '/profile', title: 'Profile', text: 'Your account and password' },
    ...(roleMayCall('school.saveModules', user.role) ? [{ to: MODULES_SETTINGS_ROUTE, title: 'Modules', text: 'Enable, disable and hide modules' }] : []),
  ];
  const general = (
    <>
      <List dataSource={entries} renderItem={(e) => (
        <List.Item><List.Item.Meta title={<Link to={e.to} style={{ color: token.colorLink, textDecoration: 'underline' }}>{e.title}</Link>} description={e.text} /></List.Item>
      )} />
      {roleMayCall('school.backupStatus', user.role) && <BackupStatusCard />}
    </>
  );
  if (!admin) return <Card title="Settings" style={{ maxWidth: 760 }}>{general}</Card>;
  const items = [
    { key: 'general', label: 'General', children: general },
    { key: 'sms', label: 'SMS', children: <SmsSettingsTab /> },
    ...(roleMayCall('admission-settings.get', user.role) ? [{ key: 'admissions', label: 'Admissions', children: <AdmissionSettingsTab /> }] : []),
    { key: 'library', label: 'Library', children: <LibrarySettingsTab /> },
    { key: 'fees', label: 'Fees', children: <FeeSettingsTab /> },
  ];
  const asked = params.get('tab');
  const tab = items.find((i) => i.key === asked)?.key ?? 'general';
  const choose = (k: string) => setParams(k === 'general' ? {} : { tab: k }, { replace: true });
  return (
    <Card title="Settings" style={{ maxWidth: 960 }}>
      {narrow ? (
        // A phone cannot show every tab in a row: one picker, then the chosen section.
        <>
          <Select aria-label="Settings section" value={tab} onChange={choose} style={{ width: '100%', marginBottom: 16 }}
            options={items.map((i) => ({ value: i.key, label: i.label }))} />
          {items.find((i) => i.key === tab)!.children}
        </>
      ) : (
        <Tabs activeKey={tab} onChange={choose} destroyOnHidden items={items} />
      )}
    </Card>
  );
}

const onOff = (v: unknown) => (isOn(v) ? <Tag color="green">Enabled</Tag> : <Tag>Disabled</Tag>);

/** GET /settings/fees/, read-only: the product's support team changes these. */
function FeeSettingsTab() {
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
