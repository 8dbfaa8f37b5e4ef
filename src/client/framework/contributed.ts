/** Every module's client contributions (src/client/pages/<module>/contributes.ts), found by the build. */
import type { ClientContributions, DashboardCard, SettingsTab } from './contributions.js';

const FILES = import.meta.glob<{ default: ClientContributions }>('../pages/*/contributes.ts', { eager: true });
const ALL = Object.keys(FILES).sort().map((f) => FILES[f]!.default);

const byOrder = <T extends { order: number; key: string }>(list: T[]): T[] => {
  const keys = new Set<string>();
  for (const t of list) {
    if (keys.has(t.key)) throw new Error(`Two modules contribute ${t.key}`);
    keys.add(t.key);
  }
  return [...list].sort((a, b) => a.order - b.order);
};

export const SETTINGS_TABS: SettingsTab[] = byOrder(ALL.flatMap((c) => c.settingsTabs ?? []));
export const DASHBOARD_CARDS: DashboardCard[] = byOrder(ALL.flatMap((c) => c.dashboardCards ?? []));
