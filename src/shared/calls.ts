/**
 * Declared calls by id (`<resource name>.<key>`, e.g. `students.remove`): the declaration, and its
 * method and path filled from values. The browser calls by id; screens name ids in `page.calls`.
 */
import { callRoles } from './access.js';
import { RESOURCES } from './registry.js';
import { fillCall, type CallDef, type ResourceDef } from './resource.js';

export interface DeclaredCall { id: string; resource: ResourceDef; key: string; def: CallDef }

const BY_ID = new Map<string, DeclaredCall>(RESOURCES.flatMap((r) => Object.entries(r.calls ?? {})
  .map(([key, def]) => [`${r.name}.${key}`, { id: `${r.name}.${key}`, resource: r, key, def }] as const)));

/** A declared call by id; an unknown id is a programming error. */
export function declaredCall(id: string): DeclaredCall {
  const c = BY_ID.get(id);
  if (!c) throw new Error(`No declared call ${id}`);
  return c;
}

export const isCallId = (s: string) => !s.includes(' ');

/** Method and path of a declared call, the path filled from `params` and followed by `query` (empty values left out). */
export function callRequest(id: string, params: Record<string, unknown> = {}, query: Record<string, unknown> = {}): { method: string; path: string } {
  return fillCall(declaredCall(id).def.call, params, query);
}

/** Whether a role's declared access admits the call (a screen deciding whether to make it at all). */
export function roleMayCall(id: string, role: number): boolean {
  const c = declaredCall(id);
  return c.def.public === true || callRoles(c.resource, c.def).includes(role);
}
