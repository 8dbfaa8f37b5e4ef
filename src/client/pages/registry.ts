/**
 * Hand-written screens, found by folder convention: a declaration's `component: 'FeeBilling'`
 * is src/client/pages/<folder>/FeeBilling.tsx, whose default export is the screen. Each loads
 * in its own chunk, again on Retry when it failed to. An id with no such file is an error
 * (tests/unit/declared-ids.test.ts finds it before a person would).
 */
import type { ComponentType } from 'react';
import { lazy } from '../app/screen/lazy.js';
import type { ResourceDef } from '../../../src/shared/resource.js';

export interface PageProps { resource: ResourceDef }

/** Props of a row component: the list's resource and the row it sits in. */
export interface RowComponentProps { resource: ResourceDef; row: Record<string, any> }

type Loader = () => Promise<{ default: ComponentType<any> }>;

const FILES = import.meta.glob<{ default: ComponentType<any> }>('./*/*.tsx');

/** Component id (the file's name) to its loader. */
const LOADERS = new Map<string, Loader>();
for (const [file, load] of Object.entries(FILES)) {
  const id = file.slice(file.lastIndexOf('/') + 1, -'.tsx'.length);
  if (LOADERS.has(id)) throw new Error(`Two hand-written screens are called ${id}`);
  LOADERS.set(id, load);
}

const made = new Map<string, ComponentType<any>>();

function component<P>(id: string): ComponentType<P> {
  let c = made.get(id);
  if (!c) {
    const load = LOADERS.get(id);
    if (!load) throw new Error(`No hand-written screen ${id}: add src/client/pages/<folder>/${id}.tsx`);
    made.set(id, (c = lazy(load)));
  }
  return c;
}

/** A page a declaration names (`pages.<name>.component`). */
export const pageComponent = (id: string) => component<PageProps>(id);
/** A piece of a generated list's Actions cell (`list.rowComponents`). */
export const rowComponent = (id: string) => component<RowComponentProps>(id);
