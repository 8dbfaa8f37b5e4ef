import { sql } from 'kysely';
import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { likePattern, pageOf, queryPage, querySearch } from '../../framework/paging.js';

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
});
