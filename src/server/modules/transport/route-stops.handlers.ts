import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { badRequest } from '../../framework/errors.js';
import { items } from '../../framework/items.js';
import { inTransaction } from '../../framework/service.js';

interface StopIn { bus_stop_id: number; arr_time?: string | null; amount?: number | null }

/** A route's stops as the list call answers them, in order. */
export async function stopsOfRoute(ctx: CallCtx, routeId: number) {
  return ctx.db.selectFrom('bus_route_stop as t').innerJoin('bus_stop as s', 's.id', 't.bus_stop_id').innerJoin('bus_route as r', 'r.id', 't.route')
    .select(['t.id', 't.route', 'r.name as route_name', 't.bus_stop_id', 's.name as bus_stop', 's.lat', 's.lon', 't.position', 't.arr_time', 't.amount'])
    .where('t.route', '=', routeId).orderBy('t.position').execute();
}

/**
 * The checks of a route's whole list of stops (spec 3 §5): it starts at the route's source and
 * ends at its destination, names each stop once, gives every stop after the first its arrival
 * time and amount, and its times run in the order of the stops. Answers the stops' names.
 */
async function checked(ctx: CallCtx, routeId: number, stops: StopIn[]): Promise<Map<number, string>> {
  const route = await ctx.db.selectFrom('bus_route').select(['src', 'dest']).where('id', '=', routeId).forUpdate().executeTakeFirstOrThrow();
  const ids = [...new Set(stops.map((s) => s.bus_stop_id))];
  const named = new Map((await ctx.db.selectFrom('bus_stop').select(['id', 'name']).where('id', 'in', ids).execute()).map((s) => [s.id, s.name]));
  const missing = ids.find((id) => !named.has(id));
  if (missing) throw badRequest('Bus Stop not found');
  if (stops[0]!.bus_stop_id !== route.src || stops[stops.length - 1]!.bus_stop_id !== route.dest) throw ctx.fail('ends');
  const seen = new Set<number>();
  let before: string | null = null;
  stops.forEach((s, i) => {
    const stop = named.get(s.bus_stop_id);
    if (seen.has(s.bus_stop_id)) throw ctx.fail('twice', 400, { stop });
    seen.add(s.bus_stop_id);
    if (i === 0) { before = s.arr_time ?? null; return; }
    if (!s.arr_time) throw ctx.fail('arrival', 400, { stop });
    if (s.amount === undefined || s.amount === null) throw ctx.fail('amount', 400, { stop });
    if (before && s.arr_time < before) throw ctx.fail('order', 400, { stop });
    before = s.arr_time;
  });
  return named;
}

const row = (routeId: number, s: StopIn, position: number) =>
  ({ route: routeId, bus_stop_id: s.bus_stop_id, position, arr_time: s.arr_time ?? null, amount: s.amount ?? null });

export default defineHandlers('bus-route-stops', {
  save: async (outer, { body }) => inTransaction(outer, async (ctx) => {
    await checked(ctx, body.route, body.stops);
    const has = await ctx.db.selectFrom('bus_route_stop').select('id').where('route', '=', body.route).limit(1).executeTakeFirst();
    if (has) throw ctx.fail('exists', 409);
    await items(ctx, 'bus-route-stops').createMany(body.stops.map((s, i) => row(body.route, s, i)));
    return stopsOfRoute(ctx, body.route);
  }),

  /**
   * Changes a route's stops (the spec's screen calls this 'Update currently not available'). A stop
   * that stays keeps its id, so the students picked up or dropped there stay on it; a stop
   * removed with students on it is refused with how many, until they are moved.
   */
  change: async (outer, { body }) => inTransaction(outer, async (ctx) => {
    const named = await checked(ctx, body.route, body.stops);
    const before = await ctx.db.selectFrom('bus_route_stop').select(['id', 'bus_stop_id']).where('route', '=', body.route).forUpdate().execute();
    if (!before.length) throw ctx.fail('none', 409);
    const keep = new Set(body.stops.map((s) => s.bus_stop_id));
    const gone = before.filter((s) => !keep.has(s.bus_stop_id));
    if (gone.length) {
      const riders = await ctx.db.selectFrom('bus_student').select(['pickup_route_stop_id', 'drop_route_stop_id'])
        .where((eb) => eb.or([eb('pickup_route_stop_id', 'in', gone.map((g) => g.id)), eb('drop_route_stop_id', 'in', gone.map((g) => g.id))]))
        .execute();
      for (const g of gone) {
        const count = riders.filter((r) => r.pickup_route_stop_id === g.id || r.drop_route_stop_id === g.id).length;
        const stop = named.get(g.bus_stop_id) ?? (await ctx.db.selectFrom('bus_stop').select('name').where('id', '=', g.bus_stop_id).executeTakeFirst())?.name;
        if (count) throw ctx.fail('riders', 409, { stop, count });
      }
      await items(ctx, 'bus-route-stops').removeWhere({ id: gone.map((g) => g.id) });
    }
    const existing = new Map(before.map((s) => [s.bus_stop_id, s.id]));
    const added: ReturnType<typeof row>[] = [];
    for (const [i, s] of body.stops.entries()) {
      const id = existing.get(s.bus_stop_id);
      const values = row(body.route, s, i);
      if (id) await items(ctx, 'bus-route-stops').update(id, { position: i, arr_time: values.arr_time, amount: values.amount });
      else added.push(values);
    }
    if (added.length) await items(ctx, 'bus-route-stops').createMany(added);
    return stopsOfRoute(ctx, body.route);
  }),
});

