/**
 * The frame every shell shares: side menu (210 px, collapsing under 480 px), header,
 * maintenance banner, page content and the footer credit.
 */
import { Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { Alert, Layout, Spin } from 'antd';
import { PRODUCT_NAME } from '../../product.js';
import { flag } from '../../framework/access.js';
import { useSession } from '../SessionContext.js';
import { SideMenu } from './SideMenu.js';
import { HeaderBar } from './HeaderBar.js';
import { NetworkNotice } from './NetworkNotice.js';
import { PasswordNotice } from './PasswordNotice.js';

export const SIDER_WIDTH = 210;

export function AppLayout() {
  const { school } = useSession();
  const [collapsed, setCollapsed] = useState(false);
  useEffect(() => { document.title = school.school_name || PRODUCT_NAME; }, [school.school_name]);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <NetworkNotice />
      <Layout.Sider
        width={SIDER_WIDTH}
        breakpoint="xs"
        collapsedWidth={0}
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        theme="light"
        style={{ borderRight: '1px solid #f0f0f0' }}
      >
        <div style={{ padding: '16px 16px 8px', fontWeight: 600, fontSize: 16, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {school.short_name || school.school_name}
        </div>
        <SideMenu onNavigate={() => { if (window.innerWidth < 480) setCollapsed(true); }} />
      </Layout.Sider>
      <Layout>
        <HeaderBar />
        <PasswordNotice />
        {flag(school.maintenance_mode) && (
          <Alert banner type="warning" message="The application is under maintenance. Some features may not work until it is over." />
        )}
        <Layout.Content style={{ margin: 16 }}>
          <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center' }}>School management by {PRODUCT_NAME}</Layout.Footer>
      </Layout>
    </Layout>
  );
}
