/**
 * The bus live (beyond spec 3): positions from the trip's driver, pushed to the families of the
 * students on the route and to the school's admins, and the once-a-trip notice when the bus is
 * about ten minutes from a student's stop.
 */
import { sql } from 'kysely';
import { ACYEAR_STATUS } from '../../../generated/enums/academics.js';
import { APPROACH_MINUTES, minutesToStop, type Fix } from '../../../shared/bus-eta.js';
import { ROLE_IDS } from '../../../shared/roles.js';
import type { Ctx } from '../../framework/context.js';
import type { AppError } from '../../framework/errors.js';
import { items } from '../../framework/items.js';
import { configOf } from '../../framework/school-config.js';
import { sendAll } from '../../integrations/sms/index.js';
import { familyMobiles } from '../../platform/family-mobiles.js';
import { notify } from '../../platform/notifications.js';
import { schoolName } from '../../platform/settings.js';
import { smsAllowed, templatedSms } from '../../platform/sms.js';
import { push } from '../../realtime/hub.js';

export interface PositionIn { trip_id: number; lat: number; lon: number; speed?: number | null; accuracy?: number | null; recorded_at?: string }

/** What a position push carries to a family's or an admin's map. */
export interface BusPosition { trip_id: number; route_id: number; lat: number; lon: number; speed: number | null; recorded_at: string }

/** A phone's clock may be off: a time more than this from the server's is replaced by the server's. */
const CLOCK_SLACK_MS = 30_000;
/** Who rides a route and their stops, read again after this (students added while a trip runs). */
const RIDERS_TTL_MS = 30_000;

/** The driver record of the signed-in login (role 5), if any. */
export const driverOf = (ctx: Ctx) =>
  ctx.db.selectFrom('bus_driver').select(['id', 'name']).where('user_id', '=', ctx.user.id).executeTakeFirst();

/** The route's stops in order, with where they are. */
export const routeStops = (ctx: Pick<Ctx, 'db'>, routeId: number) =>
  ctx.db.selectFrom('bus_route_stop as t').innerJoin('bus_stop as s', 's.id', 't.bus_stop_id')
    .select(['t.id', 't.bus_stop_id', 's.name', 's.lat', 's.lon', 't.position', 't.arr_time'])
    .where('t.route', '=', routeId).orderBy('t.position').execute();

interface Rider { student_id: number; fullname: string; user_id: number | null; stop_id: number }
interface RouteWatch { at: number; riders: Rider[]; stops: Awaited<ReturnType<typeof routeStops>>; name: string }
const watches = new Map<string, RouteWatch>();

/**
 * The students of the enabled year who ride the route (picked up or dropped on it), their family
 * login and their stop on it, with the route's stops: read once every half minute per route.
 */
export async function routeWatch(ctx: Ctx, routeId: number): Promise<RouteWatch> {
  const key = `${ctx.school.schema}:${routeId}`;
  const hit = watches.get(key);
  if (hit && Date.now() - hit.at < RIDERS_TTL_MS) return hit;
  const [rows, stops, route] = await Promise.all([
    ctx.db.selectFrom('bus_student as b').innerJoin('ac_year as y', 'y.id', 'b.ac_year_id').innerJoin('student as s', 's.id', 'b.student_id')
      .innerJoin('bus_route_stop as p', 'p.id', 'b.pickup_route_stop_id').innerJoin('bus_route_stop as d', 'd.id', 'b.drop_route_stop_id')
      .select(['b.student_id', 's.fullname', 's.user_id', 'p.route as pickup_route', 'p.id as pickup_id', 'd.route as drop_route', 'd.id as drop_id'])
      .where('y.status', '=', ACYEAR_STATUS.ENABLED)
      .where((eb) => eb.or([eb('b.route_id', '=', routeId), eb('b.drop_route_id', '=', routeId)]))
      .execute(),
    routeStops(ctx, routeId),
    ctx.db.selectFrom('bus_route').select('name').where('id', '=', routeId).executeTakeFirst(),
  ]);
  const riders = rows.map((r) => ({
    student_id: r.student_id, fullname: r.fullname, user_id: r.user_id,
    // On a route they ride both ways, the drop stop is theirs on a trip away from school.
    stop_id: r.pickup_route === routeId ? r.pickup_id : r.drop_id,
  }));
  const watch = { at: Date.now(), riders, stops, name: route?.name ?? '' };
  watches.set(key, watch);
  return watch;
}

/** Forgets what was read about a route (its stops or riders changed). */
export const forgetRoute = (ctx: Ctx, routeId: number) => watches.delete(`${ctx.school.schema}:${routeId}`);

/**
 * Records a position of a running trip from its own driver and pushes it to the families of the
 * route's students and to the admins; then tells families whose stop the bus is about ten
 * minutes from, once a trip. `fail` makes the caller's declared errors.
 */
export async function recordPosition(ctx: Ctx, p: PositionIn, fail: (code: 'ended' | 'notYours', status: number) => AppError) {
  const trip = await ctx.db.selectFrom('bus_trip as t').innerJoin('bus_driver as d', 'd.id', 't.driver_id')
    .select(['t.id', 't.route_id', 't.end_time', 'd.user_id']).where('t.id', '=', p.trip_id).executeTakeFirst();
  if (!trip || trip.user_id !== ctx.user.id) throw fail('notYours', 403);
  if (trip.end_time) throw fail('ended', 409);
  const now = Date.now();
  const said = p.recorded_at ? Date.parse(p.recorded_at) : NaN;
  const recorded_at = new Date(Number.isFinite(said) && Math.abs(said - now) <= CLOCK_SLACK_MS ? said : now).toISOString();
  await items(ctx, 'bus-positions').create({ trip_id: trip.id, lat: p.lat, lon: p.lon, speed: p.speed ?? null, accuracy: p.accuracy ?? null, recorded_at });
  const watch = await routeWatch(ctx, trip.route_id);
  const message: BusPosition = { trip_id: trip.id, route_id: trip.route_id, lat: p.lat, lon: p.lon, speed: p.speed ?? null, recorded_at };
  const families = watch.riders.map((r) => r.user_id).filter((id): id is number => id !== null);
  const out = push(ctx);
  out.toUsers(families, 'bus_position', message);
  out.toRole(ROLE_IDS.admin, 'bus_position', message);
  out.toRole(ROLE_IDS.super_admin, 'bus_position', message);
  await approachAlerts(ctx, trip.id, watch);
  return { trip_id: trip.id, recorded_at };
}

/** The trip's positions of the last few minutes, oldest first (for the bus's recent speed). */
export async function recentFixes(ctx: Pick<Ctx, 'db'>, tripId: number, limit = 30): Promise<Fix[]> {
  const rows = await ctx.db.selectFrom('bus_position').select(['lat', 'lon', 'speed', 'recorded_at'])
    .where('trip_id', '=', tripId).orderBy('recorded_at', 'desc').limit(limit).execute();
  return rows.reverse().map((r) => ({ lat: Number(r.lat), lon: Number(r.lon), speed: r.speed === null ? null : Number(r.speed), recorded_at: new Date(r.recorded_at).toISOString() }));
}

/**
 * The families whose stop the bus is now about ten minutes (or less) from, not yet told this
 * trip: one notification each (and a text where the school allows it). The alert's row, unique
 * by trip and student, makes it once even when two positions arrive together.
 */
async function approachAlerts(ctx: Ctx, tripId: number, watch: RouteWatch) {
  if (!watch.riders.length || watch.stops.length < 2) return;
  const fixes = await recentFixes(ctx, tripId);
  const points = watch.stops.map((s) => ({ lat: Number(s.lat), lon: Number(s.lon) }));
  const due: Array<Rider & { minutes: number; stop: string }> = [];
  for (const r of watch.riders) {
    const index = watch.stops.findIndex((s) => s.id === r.stop_id);
    const minutes = minutesToStop(fixes, points, index);
    if (minutes !== null && minutes <= APPROACH_MINUTES) due.push({ ...r, minutes, stop: watch.stops[index]!.name });
  }
  if (!due.length) return;
  const told = new Set((await ctx.db.selectFrom('bus_approach_alert').select('student_id')
    .where('trip_id', '=', tripId).where('student_id', 'in', due.map((d) => d.student_id)).execute()).map((r) => r.student_id));
  const fresh = due.filter((d) => !told.has(d.student_id));
  if (!fresh.length) return;
  const added: number[] = [];
  for (const d of fresh) {
    try {
      await items(ctx, 'bus-approach-alerts').create({ trip_id: tripId, student_id: d.student_id, eta_minutes: d.minutes });
      added.push(d.student_id);
    } catch (e) {
      // Another position of the same moment told this family already (the unique rule): not again.
      if ((e as AppError).status !== 409) throw e;
    }
  }
  const now = new Set(added);
  for (const d of fresh.filter((f) => now.has(f.student_id))) {
    if (d.user_id === null) continue;
    await notify(ctx, { users: [d.user_id] }, {
      title: 'School bus approaching',
      body: `${watch.name} is about ${d.minutes} minute${d.minutes === 1 ? '' : 's'} from ${d.stop}, ${d.fullname}'s stop.`,
    });
  }
  if (configOf(ctx).config?.transport?.approach_sms && await smsAllowed(ctx.db, 'sms')) {
    const list = fresh.filter((f) => now.has(f.student_id));
    const [mobiles, school] = await Promise.all([familyMobiles(ctx, list.map((d) => d.student_id)), schoolName(ctx)]);
    await sendAll(ctx.integrations.sms, ctx.db, list.flatMap((d) => (mobiles.get(d.student_id) ?? []).map((mobile) => ({
      mobile,
      ...templatedSms(ctx, 'bus_approaching', { school, student: d.fullname, stop: d.stop, minutes: String(d.minutes) },
        `Dear Parent, the school bus is about ${d.minutes} minutes from ${d.stop} for ${d.fullname}. - ${school}`),
    }))));
  }
}

/** Positions deleted in one write of the clean-up. */
const CLEANUP_BATCH = 5000;

/** Deletes positions older than the school's configured days (transport.positions_days); answers how many. */
export async function deleteOldPositions(ctx: Ctx, days: number): Promise<number> {
  let gone = 0;
  for (;;) {
    const old = await ctx.db.selectFrom('bus_position').select('id')
      .where('recorded_at', '<', sql<Date>`now() - make_interval(days => ${days})`).limit(CLEANUP_BATCH).execute();
    if (!old.length) return gone;
    gone += (await items(ctx, 'bus-positions').removeWhere({ id: old.map((o) => o.id) })).length;
  }
}
