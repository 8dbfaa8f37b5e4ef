import type { BusStudent } from '../../../generated/entities/transport.js';
import { badRequest, conflict } from '../../framework/errors.js';

const ALREADY = 'This student is already on the bus this academic year';
import type { Ctx } from '../../framework/context.js';
import type { ResourceHooks } from '../../framework/hooks.js';
import { assertSeat } from './seats.js';

/** The route of a route stop, or the message for a stop that is not one. */
async function routeOf(ctx: Ctx, routeStopId: number, what: 'Pickup' | 'Drop'): Promise<number> {
  const row = await ctx.db.selectFrom('bus_route_stop').select('route').where('id', '=', routeStopId).executeTakeFirst();
  if (!row) throw badRequest(`${what} stop not found`);
  return row.route;
}

/**
 * A bus student's routes follow their pickup and drop stops, and each route keeps a seat for
 * every student on it: a student joining a route (or moved to another) is refused when its
 * vehicle's seats are taken. The fee is the main fees' (amount 0) or the amount given.
 */
async function placed(ctx: Ctx, next: { pickup: number; drop: number; year: number }, existing?: BusStudent & { id: number }) {
  const route_id = await routeOf(ctx, next.pickup, 'Pickup');
  const drop_route_id = await routeOf(ctx, next.drop, 'Drop');
  for (const r of new Set([route_id, drop_route_id])) {
    const already = existing && existing.ac_year_id === next.year && (existing.route_id === r || existing.drop_route_id === r);
    if (!already) await assertSeat(ctx, r, next.year, existing?.id);
  }
  return { route_id, drop_route_id };
}

export const busStudentHooks: ResourceHooks<BusStudent> = {
  async beforeCreate(ctx, data) {
    // Said before the seats are counted: the student already has one.
    const again = await ctx.db.selectFrom('bus_student').select('id').where('student_id', '=', data.student_id).where('ac_year_id', '=', data.ac_year_id).executeTakeFirst();
    if (again) throw conflict(ALREADY);
    const routes = await placed(ctx, { pickup: data.pickup_route_stop_id, drop: data.drop_route_stop_id, year: data.ac_year_id });
    return { ...data, ...routes, amount: data.fee === false ? data.amount ?? 0 : 0 };
  },
  async beforeUpdate(ctx, data, existing) {
    const out: Partial<BusStudent> = { ...data };
    if (data.pickup_route_stop_id !== undefined || data.drop_route_stop_id !== undefined) {
      Object.assign(out, await placed(ctx, {
        pickup: data.pickup_route_stop_id ?? existing.pickup_route_stop_id,
        drop: data.drop_route_stop_id ?? existing.drop_route_stop_id,
        year: existing.ac_year_id,
      }, existing));
    }
    if ((data.fee ?? existing.fee) !== false) out.amount = 0;
    return out;
  },
};

export default busStudentHooks;
