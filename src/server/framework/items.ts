/**
 * The write path of hand-written code: `items(ctx, '<resource>')` is the generic service on the
 * caller's transaction (ctx.db may be one), typed by the resource's entity. Every write runs the
 * row scope, the resource's hooks, the reference and uniqueness checks and writes its audit
 * record, exactly as the generated CRUD calls do (they run the same functions).
 */
import type { ResourceEntities } from '../../generated/db.js';
import { resourceByName } from '../../shared/registry.js';
import type { Ctx } from './context.js';
import type { Row, Stored } from './hooks.js';
import { createMany, removeWhere, updateEach, updateWhere } from './batch-writes.js';
import { create, remove, update, type RemoveOptions, type WriteOptions } from './service.js';

/** Values a write sets: any of the entity's fields (null clears an optional one). */
export type Values<T> = { [K in keyof T]?: T[K] | null };
/** Rows a batch write selects, by equal fields: a value, a list of values (any of them), or null. */
export type Where<T> = { [K in keyof T]?: T[K] | ReadonlyArray<NonNullable<T[K]>> | null } & { id?: number | readonly number[] };

export interface Items<T> {
  create(data: Values<T>, opts?: WriteOptions): Promise<Stored<T>>;
  /** Many rows in one statement; the resource's batch hooks run if it has them. */
  createMany(rows: Array<Values<T>>, opts?: WriteOptions): Promise<Array<Stored<T>>>;
  update(id: number, changes: Values<T>, opts?: WriteOptions): Promise<Stored<T>>;
  /** The same changes on every row `where` selects; returns them as they now are. */
  updateWhere(where: Where<T>, changes: Values<T>, opts?: WriteOptions): Promise<Array<Stored<T>>>;
  /** Each row its own changes, in one statement (a batch of attempts closed, each with its marks). */
  updateEach(rows: Array<Values<T> & { id: number }>, opts?: WriteOptions): Promise<Array<Stored<T>>>;
  /** Refused while required references point at it; optional ones are cleared, cascading children go too. */
  remove(id: number, opts?: RemoveOptions): Promise<Stored<T>>;
  removeWhere(where: Where<T>, opts?: WriteOptions): Promise<Array<Stored<T>>>;
}

export type ResourceName = keyof ResourceEntities & string;

export function items<N extends ResourceName>(ctx: Ctx, name: N): Items<ResourceEntities[N]> {
  const r = resourceByName(name);
  type S = Stored<ResourceEntities[N]>;
  return {
    create: async (data, opts) => (await create(ctx, r, data as Row, opts)) as S,
    createMany: async (rows, opts) => (await createMany(ctx, r, rows as Row[], opts)) as S[],
    update: async (id, changes, opts) => (await update(ctx, r, id, changes as Row, opts)) as S,
    updateWhere: async (where, changes, opts) => (await updateWhere(ctx, r, where as Row, changes as Row, opts)) as S[],
    updateEach: async (rows, opts) => (await updateEach(ctx, r, rows as Array<Row & { id: number }>, opts)) as S[],
    remove: async (id, opts) => (await remove(ctx, r, id, opts)) as S,
    removeWhere: async (where, opts) => (await removeWhere(ctx, r, where as Row, opts)) as S[],
  };
}

/** The fields of a written row a handler answers with (the service gives the whole record). */
export function pick<T extends object, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const k of keys) out[k] = row[k];
  return out;
}
