import { ACYEAR_STATUS } from '../../../generated/enums/academics.js';
import { defineHandlers } from '../../framework/calls.js';
import { recentFixes, routeStops } from './live.js';

export default defineHandlers('bus-positions', {
  /**
   * A parent's view of their child's bus (beyond the spec): the child's routes this year and their
   * stop on each; while a trip of one of them runs, that trip, its route's stops in order and its
   * recent positions. Nothing of a bus whose trip is not running.
   */
  live: async (ctx, { params }) => {
    const student = await ctx.db.selectFrom('student').select(['id', 'fullname']).where('id', '=', params.student_id).executeTakeFirstOrThrow();
    const ride = await ctx.db.selectFrom('bus_student as b').innerJoin('ac_year as y', 'y.id', 'b.ac_year_id')
      .innerJoin('bus_route_stop as p', 'p.id', 'b.pickup_route_stop_id').innerJoin('bus_route_stop as d', 'd.id', 'b.drop_route_stop_id')
      .select(['b.route_id', 'b.drop_route_id', 'p.id as pickup_id', 'd.id as drop_id'])
      .where('b.student_id', '=', student.id).where('y.status', '=', ACYEAR_STATUS.ENABLED).executeTakeFirst();
    if (!ride) return { student, riding: false as const, trip: null, route: null, stops: [], stop_id: null, positions: [] };
    const routeIds = [...new Set([ride.route_id!, ride.drop_route_id!])];
    const trip = await ctx.db.selectFrom('bus_trip as t').innerJoin('bus_route as r', 'r.id', 't.route_id')
      .innerJoin('bus_vehicle as v', 'v.id', 'r.vehicle_id').innerJoin('bus_driver as dr', 'dr.id', 't.driver_id')
      .select(['t.id', 't.route_id', 'r.name as route_name', 'r.direction', 't.start_time', 'v.name as vehicle', 'v.rto_reg_no', 'dr.name as driver', 'dr.mobile_no as driver_mobile'])
      .where('t.route_id', 'in', routeIds).where('t.end_time', 'is', null).orderBy('t.start_time', 'desc').executeTakeFirst();
    // Without a running trip the parent sees their stop on the route the child is picked up on.
    const routeId = trip?.route_id ?? ride.route_id!;
    const stop_id = routeId === ride.route_id ? ride.pickup_id : ride.drop_id;
    const route = await ctx.db.selectFrom('bus_route').select(['id', 'name', 'direction']).where('id', '=', routeId).executeTakeFirstOrThrow();
    const stops = (await routeStops(ctx, routeId)).map((s) => ({ ...s, lat: Number(s.lat), lon: Number(s.lon) }));
    return {
      student, riding: true as const, route, stops, stop_id,
      trip: trip ? { ...trip, start_time: new Date(trip.start_time).toISOString() } : null,
      positions: trip ? await recentFixes(ctx, trip.id) : [],
    };
  },

});
