import { useNavigate } from 'react-router';
import { Button, Dropdown, Layout, Space, Typography } from 'antd';
import { DownOutlined, MenuFoldOutlined, MenuUnfoldOutlined, MessageOutlined, UserOutlined } from '@ant-design/icons';
import { useSession } from '../SessionContext.js';
import { Notifications } from './Notifications.js';
import { LiveStatusSign } from './LiveStatusSign.js';
import { HeaderStudentSearch } from '../../pages/students/search/HeaderStudentSearch.js';

/** The shared header (spec 1, 1): menu button, school name, the student search, notifications, chat in a new tab, user menu. */
export function HeaderBar({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu: () => void }) {
  const { school, user } = useSession();
  const navigate = useNavigate();
  const onMenu = ({ key }: { key: string }) => {
    if (key === 'logout') window.location.assign('/logout');
    else navigate(key);
  };
  return (
    <Layout.Header className="app-header" style={{ background: '#fff', padding: '0 16px', display: 'flex', alignItems: 'center', gap: 12, borderBottom: '1px solid #f0f0f0' }}>
      <Button
        type="text"
        icon={menuOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        aria-label={menuOpen ? 'Close menu' : 'Open menu'}
        aria-expanded={menuOpen}
        aria-controls="side-menu"
        onClick={onToggleMenu}
      />
      {school.school_logo ? <img src={school.school_logo} alt="" data-testid="school-logo" style={{ height: 36, width: 36, objectFit: 'contain' }} /> : null}
      <Typography.Text strong style={{ fontSize: 18, flex: 1, minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {school.school_name}
      </Typography.Text>
      <Space size="small">
        <LiveStatusSign />
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
          {/* Named by the visible name, so a spoken "click Anita Sharma" finds it; on phones only the icon shows. */}
          <Button type="text" icon={<UserOutlined />} aria-label={`${user.name}, account menu`}>
            <span className="user-name">{user.name}</span> <DownOutlined />
          </Button>
        </Dropdown>
      </Space>
    </Layout.Header>
  );
}
