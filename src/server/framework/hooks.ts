import type { Ctx } from './context.js';

export type Row = Record<string, any>;
/** A stored record: the entity type generated from its schema, with its id. */
export type Stored<T> = T & { id: number };
type Maybe<T> = Promise<T> | T;

/**
 * A resource's own rules, beside its module, typed by the entity's generated type. Every
 * hook runs inside the write's transaction (ctx.db is that transaction), so throwing an
 * AppError undoes all of it.
 */
export interface ResourceHooks<T extends object = Row> {
  /** Adjust or check the values before they are inserted; return the values to store. */
  beforeCreate?(ctx: Ctx, data: T): Maybe<T>;
  afterCreate?(ctx: Ctx, row: Stored<T>, input: T): Maybe<void>;
  /** A batch's beforeCreate (createMany, the student import): one query for all rows instead of one each. Without it, beforeCreate runs per row. */
  beforeCreateMany?(ctx: Ctx, data: T[]): Maybe<T[]>;
  /** A batch's afterCreate, rows in the order of the inputs. Without it, afterCreate runs per row. */
  afterCreateMany?(ctx: Ctx, rows: Array<Stored<T>>, inputs: T[]): Maybe<void>;
  /** What creating `data` would do, in a sentence the person confirms (the resource's `api.preview`); must not write. */
  summarizeCreate?(ctx: Ctx, data: T): Maybe<string>;
  beforeUpdate?(ctx: Ctx, data: Partial<T>, existing: Stored<T>): Maybe<Partial<T>>;
  afterUpdate?(ctx: Ctx, row: Stored<T>, existing: Stored<T>): Maybe<void>;
  /** A batch update's beforeUpdate (updateWhere, the same changes on every row): one query for all rows. Without it, the rows are updated one by one with beforeUpdate. */
  beforeUpdateMany?(ctx: Ctx, data: Partial<T>, existing: Array<Stored<T>>): Maybe<Partial<T>>;
  /** A batch update's afterUpdate, rows as stored now, in the order of `existing`. Without it, the rows are updated one by one with afterUpdate. */
  afterUpdateMany?(ctx: Ctx, rows: Array<Stored<T>>, existing: Array<Stored<T>>): Maybe<void>;
  beforeRemove?(ctx: Ctx, existing: Stored<T>): Maybe<void>;
  afterRemove?(ctx: Ctx, existing: Stored<T>): Maybe<void>;
  /** Handlers of the declared row actions, by action name. */
  actions?: Record<string, (ctx: Ctx, existing: Stored<T>) => Maybe<void>>;
}
