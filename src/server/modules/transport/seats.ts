import { sql } from 'kysely';
import type { Ctx } from '../../framework/context.js';
import { conflict } from '../../framework/errors.js';

/**
 * A route's riders in a year: students picked up or dropped at one of its stops (a student
 * counted once however they ride it).
 */
export async function ridersOf(ctx: Ctx, routeId: number, acYearId: number, except?: number): Promise<number> {
  const row = await ctx.db.selectFrom('bus_student').select(sql<number>`count(*)::int`.as('n'))
    .where('ac_year_id', '=', acYearId)
    .where((eb) => eb.or([eb('route_id', '=', routeId), eb('drop_route_id', '=', routeId)]))
    .$if(except !== undefined, (q) => q.where('id', '!=', except!))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The most riders the route has in any year (for a vehicle or route change that takes seats away). */
export async function mostRiders(ctx: Ctx, routeId: number): Promise<number> {
  const row = await ctx.db.selectFrom('bus_student').select(['ac_year_id', sql<number>`count(*)::int`.as('n')])
    .where((eb) => eb.or([eb('route_id', '=', routeId), eb('drop_route_id', '=', routeId)]))
    .groupBy('ac_year_id').orderBy('n', 'desc').limit(1).executeTakeFirst();
  return row?.n ?? 0;
}

/**
 * Refuses one more rider on a full route. The route's row is locked first, so two admins adding
 * the last seat's student at once are served one after the other.
 */
export async function assertSeat(ctx: Ctx, routeId: number, acYearId: number, except?: number): Promise<void> {
  const route = await ctx.db.selectFrom('bus_route as r').innerJoin('bus_vehicle as v', 'v.id', 'r.vehicle_id')
    .select(['r.name', 'v.total_seats', 'v.name as vehicle']).where('r.id', '=', routeId).forUpdate('r').executeTakeFirstOrThrow();
  const riders = await ridersOf(ctx, routeId, acYearId, except);
  if (riders + 1 > route.total_seats) {
    throw conflict(`${route.name} is full: its vehicle ${route.vehicle} has ${route.total_seats} seats`);
  }
}
