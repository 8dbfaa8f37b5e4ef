/** Icon registry: declarations name icons by string; only these are bundled. */
import type { ComponentType } from 'react';
import {
  ApartmentOutlined, AppstoreOutlined, BankOutlined, BarChartOutlined, BookOutlined, CalendarOutlined, DeleteOutlined,
  DownloadOutlined, UploadOutlined, FileDoneOutlined, PlayCircleOutlined, ScheduleOutlined, StopOutlined, TeamOutlined,
  UnorderedListOutlined, UserOutlined, SettingOutlined, DashboardOutlined, HomeOutlined, ReadOutlined, WalletOutlined,
} from '@ant-design/icons';

const ICONS: Record<string, ComponentType> = {
  ApartmentOutlined, AppstoreOutlined, BankOutlined, BarChartOutlined, BookOutlined, CalendarOutlined, DeleteOutlined,
  DownloadOutlined, UploadOutlined, FileDoneOutlined, PlayCircleOutlined, ScheduleOutlined, StopOutlined, TeamOutlined,
  UnorderedListOutlined, UserOutlined, SettingOutlined, DashboardOutlined, HomeOutlined, ReadOutlined, WalletOutlined,
};

export function Icon({ name }: { name?: string }) {
  const C = (name && ICONS[name]) || AppstoreOutlined;
  return <C />;
}
