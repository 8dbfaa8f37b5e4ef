/**
 * The frame every shell shares: a skip link, side menu (210 px, scrolling on its own beside the
 * screen; on phones under 480 px it opens over the content from the header's menu button), header, maintenance banner, the
 * screen (its name as the h1, under an error boundary) and the footer credit.
 */
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Alert, Layout, Spin } from 'antd';
import { PRODUCT_NAME } from '../../product.js';
import { flag } from '../../framework/access.js';
import { useSession } from '../SessionContext.js';
import { ScreenBoundary } from '../screen/ScreenBoundary.js';
import { screenTitle } from '../screen/titles.js';
import { SideMenu } from './SideMenu.js';
import { HeaderBar } from './HeaderBar.js';
import { NetworkNotice } from './NetworkNotice.js';
import { PasswordNotice } from './PasswordNotice.js';
import { NewLoginNotice } from '../../pages/students/NewLoginNotice.js';
import { BackupNotice } from './BackupNotice.js';
import { useAntdRepairs } from './antdRepairs.js';
import { useScrollOnNavigate } from './scrollOnNavigate.js';

export const SIDER_WIDTH = 210;
const PHONE_WIDTH = 480;
const HEADER_HEIGHT = 64;

export function AppLayout() {
  const { school } = useSession();
  const { pathname } = useLocation();
  const [phone, setPhone] = useState(() => window.innerWidth < PHONE_WIDTH);
  const [collapsed, setCollapsed] = useState(phone);
  const title = screenTitle(pathname);
  useAntdRepairs();
  useScrollOnNavigate();
  useEffect(() => { document.title = `${title} · ${school.school_name || PRODUCT_NAME}`; }, [title, school.school_name]);
  // Escape closes the phone menu, as it would a dialog.
  useEffect(() => {
    if (!phone || collapsed) return;
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') setCollapsed(true); };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [phone, collapsed]);

  const skip = (e: React.MouseEvent) => {
    e.preventDefault();
    document.getElementById('main-content')?.focus();
  };
  // On a phone the open menu lies over the content, below the header that holds its button. On a
  // desktop it stands beside the screen as tall as the window and scrolls on its own, so a long
  // menu never makes the page tall.
  const placement = phone
    ? { position: 'fixed' as const, top: HEADER_HEIGHT, bottom: 0, left: 0, zIndex: 1000, overflowY: 'auto' as const, boxShadow: collapsed ? undefined : '0 6px 16px rgba(0,0,0,0.2)' }
    : { position: 'sticky' as const, top: 0, height: '100vh', overflowY: 'auto' as const };
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <a className="skip-link" href="#main-content" onClick={skip}>Skip to content</a>
      <NetworkNotice />
      <Layout.Sider
        id="side-menu"
        width={SIDER_WIDTH}
        breakpoint="xs"
        onBreakpoint={(broken) => { setPhone(broken); setCollapsed(broken); }}
        collapsedWidth={0}
        collapsible
        trigger={null}
        collapsed={collapsed}
        theme="light"
        style={{ borderRight: '1px solid #f0f0f0', ...placement }}
        // A closed menu is out of the keyboard's and screen reader's way.
        {...(collapsed ? { inert: true } : {})}
      >
        {!phone && (
          <div style={{ padding: '16px 16px 8px', fontWeight: 600, fontSize: 16, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {school.short_name || school.school_name}
          </div>
        )}
        {/* Not drawn while closed: a collapsed antd menu would open its groups as floating pop-ups. */}
        {!collapsed && <SideMenu onNavigate={() => { if (phone) setCollapsed(true); }} />}
      </Layout.Sider>
      <Layout>
        <HeaderBar menuOpen={!collapsed} onToggleMenu={() => setCollapsed((c) => !c)} />
        <PasswordNotice />
        <NewLoginNotice />
        <BackupNotice />
        {phone && !collapsed && (
          <div aria-hidden="true" onClick={() => setCollapsed(true)} style={{ position: 'fixed', inset: `${HEADER_HEIGHT}px 0 0 0`, zIndex: 999, background: 'rgba(0,0,0,0.25)' }} />
        )}
        {flag(school.maintenance_mode) && (
          <Alert banner type="warning" message="The application is under maintenance. Some features may not work until it is over." />
        )}
        <Layout.Content id="main-content" tabIndex={-1} className="app-content" style={{ margin: 16, minWidth: 0 }}>
          <h1 className="visually-hidden">{title}</h1>
          <ScreenBoundary resetKey={pathname}>
            <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
              <Outlet />
            </Suspense>
          </ScreenBoundary>
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center' }}>School management by {PRODUCT_NAME}</Layout.Footer>
      </Layout>
    </Layout>
  );
}
