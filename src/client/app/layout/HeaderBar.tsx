import { useNavigate } from 'react-router';
import { Button, Dropdown, Layout, Space, Typography } from 'antd';
import { DownOutlined, MessageOutlined, UserOutlined } from '@ant-design/icons';
import { useSession } from '../SessionContext.js';
import { Notifications } from './Notifications.js';
import { HeaderStudentSearch } from '../../pages/students/search/HeaderStudentSearch.js';

/** The shared header (spec 1, 1): school name, the student search, notifications, chat in a new tab, user menu. */
export function HeaderBar() {
  const { school, user } = useSession();
  const navigate = useNavigate();
  const onMenu = ({ key }: { key: string }) => {
    if (key === 'logout') window.location.assign('/logout');
    else navigate(key);
  };
  return (
    <Layout.Header style={{ background: '#fff', padding: '0 16px', display: 'flex', alignItems: 'center', gap: 12, borderBottom: '1px solid #f0f0f0' }}>
      <Typography.Title level={4} style={{ margin: 0, flex: 1, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {school.school_name}
      </Typography.Title>
      <Space size="small">
        <HeaderStudentSearch />
        <Notifications />
        <Button type="text" icon={<MessageOutlined />} aria-label="Chat" title="Chat" href="/chat" target="_blank" rel="noopener" />
        <Dropdown
          trigger={['click']}
          menu={{
            onClick: onMenu,
            items: [
              { key: '/', label: 'Home' },
              { key: '/profile', label: 'Profile' },
              { key: '/settings', label: 'Settings' },
              { type: 'divider' },
              { key: 'logout', label: 'Logout', danger: true },
            ],
          }}
        >
          <Button type="text" icon={<UserOutlined />} aria-label="User menu">
            <span className="user-name">{user.name}</span> <DownOutlined />
          </Button>
        </Dropdown>
      </Space>
    </Layout.Header>
  );
}
