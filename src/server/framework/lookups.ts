/**
 * Checks many calls make on the academics records they name: the class, the academic year,
 * the enabled year. A class or year named in a path that does not exist is a 404; named in a
 * payload, the payload is wrong (400).
 */
import { resourceByName } from '../../shared/registry.js';
import type { Ctx } from './context.js';
import { badRequest, notFound } from './errors.js';

const table = (name: string) => resourceByName(name).table!;

/** The enabled academic year (status 1), or null when none is started. */
export async function enabledYearId(ctx: Ctx): Promise<number | null> {
  const row = await ctx.db.selectFrom(table('acyears')).select('id').where('status', '=', 1).orderBy('id', 'desc').executeTakeFirst();
  return row?.id ?? null;
}

/**
 * How a call names a class or year: in its path (missing = 404) or in its payload (missing = 400,
 * the payload is wrong), with an optional word for which one ('From', 'To').
 */
export interface Named { inPayload?: boolean; which?: string }

function missing(what: string, n: Named) {
  const text = n.which ? `${n.which} ${what.toLowerCase()} not found` : `${what} not found`;
  return n.inPayload ? badRequest(text) : notFound(text);
}

export async function assertClass(ctx: Ctx, classId: number, n: Named = {}): Promise<void> {
  if (!await ctx.db.selectFrom(table('classes')).select('id').where('id', '=', classId).executeTakeFirst()) throw missing('Class', n);
}

export async function assertYear(ctx: Ctx, yearId: number, n: Named = {}): Promise<{ id: number; name: string; start_date: string }> {
  const y = await ctx.db.selectFrom(table('acyears')).select(['id', 'name', 'start_date']).where('id', '=', yearId).executeTakeFirst();
  if (!y) throw missing('Academic year', n);
  return y as { id: number; name: string; start_date: string };
}

/** What an export covers: the given year (the enabled one when none) and 'all' or the class ('5-A') for its file name. */
export async function exportScope(ctx: Ctx, classId: number | undefined, yearId: number | undefined): Promise<{ year: { id: number; name: string }; label: string }> {
  const chosen = yearId ?? await enabledYearId(ctx);
  if (chosen === null) throw badRequest('No academic year is enabled: choose an academic year');
  const year = await assertYear(ctx, chosen, { inPayload: true });
  if (classId === undefined) return { year, label: 'all' };
  const cls = await ctx.db.selectFrom(table('classes')).select(['class', 'section']).where('id', '=', classId).executeTakeFirst();
  if (!cls) throw badRequest('Class not found');
  return { year, label: `${cls.class}-${cls.section}` };
}
