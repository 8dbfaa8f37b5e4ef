/** Icon registry: declarations name icons by string (the names of icon-set.ts). */
import type { ComponentType } from 'react';
import * as ICON_SET from './icon-set.js';

export const ICONS: Record<string, ComponentType> = ICON_SET;

/** A declared icon; a name not in the registry is an error (tests/unit/declared-ids.test.ts finds it first). */
export function Icon({ name }: { name?: string }) {
  if (!name) return <ICON_SET.AppstoreOutlined />;
  const C = ICONS[name];
  if (!C) throw new Error(`Unknown icon ${name}: add it to src/client/framework/icon-set.ts`);
  return <C />;
}
