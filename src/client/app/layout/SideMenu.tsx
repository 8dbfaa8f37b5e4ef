import { roleMayCall } from '../../../shared/calls.js';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Menu, Tag } from 'antd';
import type { MenuProps } from 'antd';
import { MODULES, RESOURCES } from '../../../shared/registry.js';
import { Icon } from '../../framework/icons.js';
import { useSession } from '../SessionContext.js';
import { buildMenu } from '../menu.js';
import { MODULES_SETTINGS_ROUTE } from '../routePaths.js';

type Item = Required<MenuProps>['items'][number];

export function SideMenu({ onNavigate }: { onNavigate: () => void }) {
  const { access, user } = useSession();
  const { pathname } = useLocation();
  const groups = useMemo(() => buildMenu(access, MODULES, RESOURCES), [access]);

  const items: Item[] = [
    { key: '/', icon: <Icon name="DashboardOutlined" />, label: <Link to="/" onClick={onNavigate}>Dashboard</Link> },
    ...groups.map((g): Item => ({
      key: `module:${g.key}`,
      icon: <Icon name={g.icon} />,
      disabled: g.disabled,
      label: g.disabled ? <span>{g.title} <Tag color="gold">Pro</Tag></span> : g.title,
      // A disabled (Pro) group is a plain entry: nothing to expand.
      children: g.disabled ? undefined : g.items.map((i) => ({ key: i.route, label: <Link to={i.route} onClick={onNavigate}>{i.label}</Link> })),
    })),
    ...(roleMayCall('school.saveModules', user.role)
      ? [{ key: MODULES_SETTINGS_ROUTE, icon: <Icon name="SettingOutlined" />, label: <Link to={MODULES_SETTINGS_ROUTE} onClick={onNavigate}>Modules</Link> } as Item]
      : []),
  ];

  // The selected entry is the longest route the current path starts with.
  const routes = [...groups.flatMap((g) => g.items.map((i) => i.route)), MODULES_SETTINGS_ROUTE];
  const selected = routes.filter((r) => pathname.startsWith(r.replace(/\/$/, ''))).sort((a, b) => b.length - a.length)[0] ?? (pathname === '/' ? '/' : '');
  const openGroup = groups.filter((g) => !g.disabled).find((g) => g.items.some((i) => i.route === selected) || pathname.startsWith(g.link));
  const current = openGroup ? `module:${openGroup.key}` : undefined;

  // One group open at a time, like an accordion: the screen's own group, or the one the person
  // opens; the whole menu (some 70 entries) open at once is too long to find anything in.
  const [openKeys, setOpenKeys] = useState<string[]>(current ? [current] : []);
  useEffect(() => { if (current) setOpenKeys([current]); }, [current]);

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={[selected]}
      openKeys={openKeys}
      onOpenChange={(keys) => setOpenKeys(keys.filter((k) => !openKeys.includes(k)).slice(-1))}
      // Closed groups' entries are drawn too (hidden), so every screen's link is in the page.
      forceSubMenuRender
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
