import { hasRole } from '../../../shared/roles.js';
import { roleMayCall } from '../../../shared/calls.js';
import { Card, Grid, List, Select, Tabs, theme } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../app/SessionContext.js';
import { MODULES_SETTINGS_ROUTE } from '../../app/routePaths.js';
import { BackupStatusCard } from './BackupStatusCard.js';
import { SmsSettingsTab } from './SmsSettingsTab.js';
import { SETTINGS_TABS } from '../../framework/contributed.js';

/**
 * /settings: links to what the user can set; for admins the SMS switches (?tab=sms) and the tabs
 * the modules contribute (their src/client/pages/<module>/contributes.ts: admissions, library, fees).
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
    ...SETTINGS_TABS.filter((t) => t.visible?.(user.role) ?? true).map((t) => ({ key: t.key, label: t.label, children: <t.component /> })),
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
