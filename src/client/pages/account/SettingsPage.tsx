import { Card, List } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../../app/SessionContext.js';
import { MODULES_SETTINGS_ROUTE } from '../../app/routePaths.js';

/** /settings: links to what the user can set. */
export default function SettingsPage() {
  const { user } = useSession();
  const entries = [
    { to: '/profile', title: 'Profile', text: 'Your account and password' },
    ...(user.role === 4 ? [{ to: MODULES_SETTINGS_ROUTE, title: 'Modules', text: 'Enable, disable and hide modules' }] : []),
  ];
  return (
    <Card title="Settings" style={{ maxWidth: 760 }}>
      <List dataSource={entries} renderItem={(e) => (
        <List.Item><List.Item.Meta title={<Link to={e.to}>{e.title}</Link>} description={e.text} /></List.Item>
      )} />
    </Card>
  );
}
