/** Icon registry: declarations name icons by string; only these are bundled. */
import type { ComponentType } from 'react';
import {
  ApartmentOutlined, AppstoreOutlined, BankOutlined, BarChartOutlined, BookOutlined, CalendarOutlined, DeleteOutlined,
  DownloadOutlined, UploadOutlined, FileDoneOutlined, PlayCircleOutlined, ScheduleOutlined, StopOutlined, TeamOutlined,
  UnorderedListOutlined, UserOutlined, SettingOutlined, DashboardOutlined, HomeOutlined, ReadOutlined, WalletOutlined,
  MessageOutlined, ContactsOutlined, RiseOutlined, TrophyOutlined, SafetyCertificateOutlined, NotificationOutlined,
  AccountBookOutlined, ShoppingCartOutlined,
} from '@ant-design/icons';

export const ICONS: Record<string, ComponentType> = {
  ApartmentOutlined, AppstoreOutlined, BankOutlined, BarChartOutlined, BookOutlined, CalendarOutlined, DeleteOutlined,
  DownloadOutlined, UploadOutlined, FileDoneOutlined, PlayCircleOutlined, ScheduleOutlined, StopOutlined, TeamOutlined,
  UnorderedListOutlined, UserOutlined, SettingOutlined, DashboardOutlined, HomeOutlined, ReadOutlined, WalletOutlined,
  MessageOutlined, ContactsOutlined, RiseOutlined, TrophyOutlined, SafetyCertificateOutlined, NotificationOutlined,
  AccountBookOutlined, ShoppingCartOutlined,
};

/** A declared icon; a name not in the registry is an error (tests/unit/declared-ids.test.ts finds it first). */
export function Icon({ name }: { name?: string }) {
  if (!name) return <AppstoreOutlined />;
  const C = ICONS[name];
  if (!C) throw new Error(`Unknown icon ${name}: add it to src/client/framework/icons.tsx`);
  return <C />;
}
