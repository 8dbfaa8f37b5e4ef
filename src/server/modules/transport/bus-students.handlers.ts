import { sql } from 'kysely';
import { ACYEAR_STATUS } from '../../../generated/enums/academics.js';
import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { likePattern, pageOf, queryPage, querySearch } from '../../framework/paging.js';
import { recentFixes, routeStops } from './live.js';

/** Spec 3 §9: the bus students' lists are 50 a page. */
const PAGE_SIZE = 50;

/** The bus students of a year (of one route, picked up or dropped on it), 50 a page, with their stops and routes by name. */
async function busStudents(ctx: CallCtx, acYearId: number, routeId: number | null, query: Record<string, unknown>) {
  const page = queryPage(query) ?? { page: 1, size: PAGE_SIZE };
  const q = querySearch(query);
  let found = ctx.scoped('bus-students', 'b')
    .innerJoin('student as s', 's.id', 'b.student_id')
    .where('b.ac_year_id', '=', acYearId);
  if (routeId !== null) found = found.where((eb) => eb.or([eb('b.route_id', '=', routeId), eb('b.drop_route_id', '=', routeId)]));
  if (q) found = found.where((eb) => eb.or([eb('s.fullname', 'ilike', likePattern(q)), eb('s.admission_no', 'ilike', likePattern(q))]));
  const rows = found
    .leftJoin('class as c', 'c.id', 's.class_id')
    .innerJoin('bus_route_stop as p', 'p.id', 'b.pickup_route_stop_id').innerJoin('bus_stop as ps', 'ps.id', 'p.bus_stop_id').innerJoin('bus_route as pr', 'pr.id', 'p.route')
    .innerJoin('bus_route_stop as d', 'd.id', 'b.drop_route_stop_id').innerJoin('bus_stop as ds', 'ds.id', 'd.bus_stop_id').innerJoin('bus_route as dr', 'dr.id', 'd.route')
    .select([
      'b.id', 'b.student_id', 's.fullname', 's.admission_no', 'c.class', 'c.section', 'b.ac_year_id',
      'b.pickup_route_stop_id', 'b.drop_route_stop_id', 'b.fee', 'b.amount', 'b.route_id', 'b.drop_route_id',
      'ps.name as pickup', 'ds.name as drop', 'ps.name as bus_stop_name', 'pr.name as pickup_route', 'dr.name as drop_route',
      'p.arr_time as pickup_time', 'd.arr_time as drop_time',
    ])
    .orderBy('s.fullname').orderBy('b.id');
  const [list, count] = await Promise.all([
    pageOf(rows, page).execute(),
    found.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return ctx.paged(list, count.n);
}

export default defineHandlers('bus-students', {
  byYear: async (ctx, { params, query }) => busStudents(ctx, params.ac_year_id, null, query as Record<string, unknown>),
  byRoute: async (ctx, { params, query }) => busStudents(ctx, params.ac_year_id, params.route_id, query as Record<string, unknown>),

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
