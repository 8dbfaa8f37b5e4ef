import { ROLE_IDS } from '../../../shared/roles.js';
import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { schoolToday } from '../../framework/periods.js';
import { inTransaction } from '../../framework/service.js';
import { items } from '../../framework/items.js';
import { push } from '../../realtime/hub.js';
import { driverOf, forgetRoute, recordPosition, routeWatch } from './live.js';

/** Tells the route's families and the admins that a trip started or ended. */
async function tellTrip(ctx: CallCtx, trip: { id: number; route_id: number }, running: boolean) {
  const watch = await routeWatch(ctx, trip.route_id);
  const message = { trip_id: trip.id, route_id: trip.route_id, running };
  const out = push(ctx);
  out.toUsers(watch.riders.map((r) => r.user_id).filter((id): id is number => id !== null), 'bus_trip', message);
  out.toRole(ROLE_IDS.admin, 'bus_trip', message);
  out.toRole(ROLE_IDS.super_admin, 'bus_trip', message);
}

export default defineHandlers('bus-trips', {
  /** The driver's phone: the routes they drive, today's trips and the one running. */
  today: async (ctx) => {
    const driver = await driverOf(ctx);
    if (!driver) return { driver: null, routes: [], trips: [], running: null };
    const [routes, trips] = await Promise.all([
      ctx.db.selectFrom('bus_route as r').leftJoin('bus_stop as s', 's.id', 'r.src').leftJoin('bus_stop as d', 'd.id', 'r.dest').innerJoin('bus_vehicle as v', 'v.id', 'r.vehicle_id')
        .select(['r.id', 'r.name', 'r.direction', 's.name as source', 'd.name as destination', 'v.name as vehicle', 'v.rto_reg_no'])
        .where('r.driver_id', '=', driver.id).orderBy('r.direction').orderBy('r.name').execute(),
      ctx.db.selectFrom('bus_trip as t').innerJoin('bus_route as r', 'r.id', 't.route_id')
        .select(['t.id', 't.route_id', 'r.name as route_name', 't.trip_date', 't.start_time', 't.end_time'])
        .where('t.driver_id', '=', driver.id)
        .where((eb) => eb.or([eb('t.trip_date', '=', schoolToday()), eb('t.end_time', 'is', null)]))
        .orderBy('t.start_time').execute(),
    ]);
    return { driver, routes, trips, running: trips.find((t) => t.end_time === null) ?? null };
  },

  start: async (outer, { body }) => inTransaction(outer, async (ctx) => {
    const driver = await driverOf(ctx);
    const route = await ctx.db.selectFrom('bus_route').select(['id', 'driver_id']).where('id', '=', body.route_id).forUpdate().executeTakeFirst();
    if (!driver || !route || route.driver_id !== driver.id) throw ctx.fail('notYours', 403);
    const open = await ctx.db.selectFrom('bus_trip').select(['id', 'route_id']).where('end_time', 'is', null)
      .where((eb) => eb.or([eb('route_id', '=', route.id), eb('driver_id', '=', driver.id)])).executeTakeFirst();
    if (open) throw ctx.fail(open.route_id === route.id ? 'running' : 'another', 409);
    const trip = await items(ctx, 'bus-trips').create({ route_id: route.id, driver_id: driver.id, trip_date: schoolToday(), start_time: new Date().toISOString() }, { action: 'start' });
    forgetRoute(ctx, route.id);
    await tellTrip(ctx, trip, true);
    return trip;
  }),

  end: async (outer, { params }) => inTransaction(outer, async (ctx) => {
    const trip = await ctx.db.selectFrom('bus_trip').select(['id', 'route_id', 'end_time']).where('id', '=', params.id).forUpdate().executeTakeFirstOrThrow();
    if (trip.end_time) throw ctx.fail('ended', 409);
    const ended = await items(ctx, 'bus-trips').update(trip.id, { end_time: new Date().toISOString() }, { action: 'end' });
    await tellTrip(ctx, trip, false);
    return ended;
  }),

  /** The phone's fallback while its socket is down: the same as the socket's `bus_position`. */
  position: async (ctx, { body }) => recordPosition(ctx, body, (code, status) => ctx.fail(code, status)),

  /** Every running trip with its bus's last position and speed: the staff's map. */
  running: async (ctx) => {
    const rows = await ctx.db.selectFrom('bus_trip as t').innerJoin('bus_route as r', 'r.id', 't.route_id')
      .innerJoin('bus_vehicle as v', 'v.id', 'r.vehicle_id').innerJoin('bus_driver as d', 'd.id', 't.driver_id')
      .leftJoinLateral((eb) => eb.selectFrom('bus_position as p').select(['p.lat', 'p.lon', 'p.speed', 'p.recorded_at'])
        .whereRef('p.trip_id', '=', 't.id').orderBy('p.recorded_at', 'desc').limit(1).as('last'), (join) => join.onTrue())
      .select(['t.id', 't.route_id', 'r.name as route_name', 'r.direction', 'v.name as vehicle', 'v.rto_reg_no', 'd.name as driver', 't.start_time',
        'last.lat', 'last.lon', 'last.speed', 'last.recorded_at'])
      .where('t.end_time', 'is', null).orderBy('r.name').execute();
    return rows.map((r) => ({
      ...r, lat: r.lat === null ? null : Number(r.lat), lon: r.lon === null ? null : Number(r.lon), speed: r.speed === null ? null : Number(r.speed),
      start_time: new Date(r.start_time).toISOString(), recorded_at: r.recorded_at === null ? null : new Date(r.recorded_at).toISOString(),
    }));
  },
});
