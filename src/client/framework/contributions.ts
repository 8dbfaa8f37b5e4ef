/**
 * What a module's screens add to the platform's own pages, declared once in
 * `src/client/pages/<module>/contributes.ts` (default export, defineClientContributions) and
 * collected by contributed.ts: the hub pages list what is declared and are not edited for a module.
 */
import type { ComponentType } from 'react';

/** A tab of the admins' Settings page (/settings?tab=<key>). */
export interface SettingsTab {
  key: string;
  label: string;
  /** Place among the modules' tabs, which follow General and SMS. */
  order: number;
  component: ComponentType;
  /** Who sees it (default: every admin). */
  visible?: (role: number) => boolean;
}

/** A card at the top of the staff dashboard, above the screens' cards. */
export interface DashboardCard {
  key: string;
  order: number;
  component: ComponentType;
  /** A hook: is the card for the person signed in (default: yes)? */
  useVisible?: () => boolean;
}

export interface ClientContributions {
  settingsTabs?: SettingsTab[];
  dashboardCards?: DashboardCard[];
}

export const defineClientContributions = (c: ClientContributions): ClientContributions => c;
