/** Transport (spec 3, full): drivers, vehicles, stops, routes and their stops, bus students, trips, and the bus live. */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { admitStudent } from '../support/admit.js';
import { createRecord } from '../support/samples.js';
import { connectSocket } from '../support/sockets.js';
import { hashPassword } from '../../src/server/framework/passwords.js';
import { cleanUpPositions } from '../../src/server/modules/transport/cleanup.js';

let t: TestApp;
let s: TestSchool;
let admin: string;
let year: number;
let klass: number;
let base: string;

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['4'];
  year = (await createRecord(t, s, 'acyears', { name: '2026-27' })).id;
  await t.call(s.code, `PATCH /acyear/${year}/`, { action: 'start' }, admin);
  klass = (await createRecord(t, s, 'classes', { class: '6', section: 'C' })).id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t?.close());

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);
let n = 0;
const driverBody = (extra: Record<string, unknown> = {}) => {
  n += 1;
  return { name: `Driver ${n}`, email: `driver${n}@bus.test`, password: 'Secret@123', mobile_no: `98450${String(n).padStart(5, '0')}`, dob: '1985-04-01', dl_no: `KA01${n}2020`, ...extra };
};
const login = async (email: string, password = 'Secret@123') => (await t.call(s.code, 'POST /login/', { email, password })).body.data.token as string;
const stop = async (name: string, lat: number, lon: number) => (await call('PUT /bus/stops/', { name, lat, lon, nearby: ['Temple'], extras: { address: `${name} Road`, landmark: 'Temple' } })).body.data;
const vehicle = async (seats: number) => {
  n += 1;
  return (await call('PUT /bus/vehicles/', { name: `Bus ${n}`, rto_reg_no: `KA01AB${String(n).padStart(4, '0')}`, vehicle_name: 'Starbus', vehicle_company: 'Tata', total_seats: seats })).body.data;
};

/** A route of three stops (A, B, school) driven by a new driver in a vehicle of `seats`. */
async function route(seats = 40, direction = 1) {
  const d = (await call('PUT /bus/drivers/', driverBody())).body.data;
  const v = await vehicle(seats);
  n += 1;
  const [a, b, c] = [await stop(`A${n}`, 12.93, 77.62), await stop(`B${n}`, 12.95, 77.63), await stop(`School${n}`, 12.97, 77.64)];
  const r = (await call('PUT /bus/routes/', { name: `Route ${n}`, src: a.id, dest: c.id, driver_id: d.id, vehicle_id: v.id, direction })).body.data;
  const stops = (await call('PUT /bus/routes/stops/', { route: r.id, stops: [
    { bus_stop_id: a.id, arr_time: '07:20', amount: 9000 }, { bus_stop_id: b.id, arr_time: '07:35', amount: 8000.5 }, { bus_stop_id: c.id, arr_time: '07:50', amount: 0 },
  ] })).body.data;
  return { driver: d, vehicle: v, route: r, stops, a, b, c };
}
const admit = (name: string, extra: Record<string, unknown> = {}) => admitStudent(t, s, admin, { ac_year_id: year, class_id: klass, fullname: name, ...extra }, 'BUS');
const ride = (student_id: number, pickup: number, drop: number, extra: Record<string, unknown> = {}) =>
  call('PUT /bus/students/', { student_id, ac_year_id: year, pickup_route_stop_id: pickup, drop_route_stop_id: drop, ...extra });

describe('drivers', () => {
  it('adds a driver with a login of role 5, keeps the email fixed and checks the mobile', async () => {
    const body = driverBody();
    const added = await call('PUT /bus/drivers/', body);
    expect(added.body).toMatchObject({ success: true, message: 'New Driver Added', data: { name: body.name, email: body.email, mobile_no: body.mobile_no } });
    expect(added.body.data.password).toBeUndefined();
    const user = await schoolDb(t, s).selectFrom('user').select(['role', 'mobile']).where('id', '=', added.body.data.user_id).executeTakeFirstOrThrow();
    expect(user).toEqual({ role: 5, mobile: body.mobile_no });
    const token = await login(body.email);
    expect((await t.call(s.code, 'GET /me/', undefined, token)).body.data?.role ?? 5).toBe(5);

    for (const mobile of ['5845012345', '984501234', '98450123456', 'abcdefghij']) {
      const bad = await call('PUT /bus/drivers/', driverBody({ mobile_no: mobile }));
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('Enter valid mobile number');
    }
    expect((await call('PUT /bus/drivers/', driverBody({ password: undefined }))).body.error).toBe('Please enter password');
    expect((await call('PUT /bus/drivers/', driverBody({ email: body.email }))).status).toBe(409);

    const id = added.body.data.id;
    expect((await call(`POST /bus/driver/${id}/`, { email: 'other@bus.test' })).body.error).toBe('Email cannot be changed');
    const updated = await call(`POST /bus/driver/${id}/`, { mobile_no: '9900011122', name: 'Manjunath B' });
    expect(updated.body).toMatchObject({ success: true, message: 'Driver Details Updated', data: { mobile_no: '9900011122' } });
    expect((await call(`GET /bus/driver/${id}/`)).body.data.name).toBe('Manjunath B');
    expect((await call('GET /bus/drivers/')).body.data.some((d: any) => d.id === id)).toBe(true);

    // A driver whose login is gone cannot be saved.
    await schoolDb(t, s).deleteFrom('session').where('user_id', '=', added.body.data.user_id).execute();
    await schoolDb(t, s).deleteFrom('user').where('id', '=', added.body.data.user_id).execute();
    const failed = await call(`POST /bus/driver/${id}/`, { name: 'Someone' });
    expect(failed.status).toBe(409);
    expect(failed.body.error).toBe('Failed to update driver details');
  });

  it('refuses drivers to everyone but the office', async () => {
    for (const who of ['1', '2', '5', '6', '7', 'admin-none']) {
      expect((await call('GET /bus/drivers/', undefined, s.tokens[who])).status, who).toBe(403);
      expect((await call('PUT /bus/drivers/', driverBody(), s.tokens[who])).status, who).toBe(403);
    }
    expect((await call('PUT /bus/drivers/', driverBody(), s.tokens['admin-read'])).status).toBe(403);
  });
});

describe('vehicles, stops and routes', () => {
  it('keeps vehicles and stops with their messages', async () => {
    const v = await call('PUT /bus/vehicles/', { name: 'Van 9', rto_reg_no: 'KA03MN0009', vehicle_name: 'Winger', vehicle_company: 'Tata', total_seats: 12 });
    expect(v.body).toMatchObject({ success: true, message: 'New Vehicle Added' });
    expect((await call('PUT /bus/vehicles/', { name: 'Van 10', rto_reg_no: 'KA03MN0010', vehicle_name: 'Winger', vehicle_company: 'Tata' })).body.error).toBe('Please enter total seats');
    expect((await call('PUT /bus/vehicles/', { name: 'Van 11', rto_reg_no: 'KA03MN0011', vehicle_name: 'Winger', vehicle_company: 'Tata', total_seats: 0 })).body.error).toBe('Total seats must be at least 1');
    expect((await call(`POST /bus/vehicle/${v.body.data.id}/`, { total_seats: 14 })).body).toMatchObject({ message: 'Vehicle Updated', data: { total_seats: 14 } });
    expect((await call(`GET /bus/vehicle/${v.body.data.id}/`)).body.data.rto_reg_no).toBe('KA03MN0009');

    const st = await call('PUT /bus/stops/', { name: 'Domlur', lat: 12.961, lon: 77.6387, nearby: ['Depot'], extras: { address: 'Old Airport Road', landmark: 'Bus depot' } });
    expect(st.body).toMatchObject({ success: true, message: 'New Stop Added', data: { lat: 12.961, lon: 77.6387, nearby: ['Depot'], extras: { landmark: 'Bus depot' } } });
    expect((await call('PUT /bus/stops/', { name: 'Nowhere', lon: 77.6 })).body.error).toBe('Please enter latitude');
    expect((await call('PUT /bus/stops/', { name: 'Nowhere', lat: 95, lon: 77.6 })).body.error).toBe('Latitude must be between -90 and 90');
    expect((await call(`POST /bus/stop/${st.body.data.id}/`, { lat: 12.9612 })).body).toMatchObject({ message: 'Stop Updated', data: { lat: 12.9612 } });
    expect((await call('GET /bus/stops/')).body.data.some((x: any) => x.name === 'Domlur')).toBe(true);
    expect((await call('GET /bus/stops/', undefined, s.tokens['2'])).status).toBe(403);
  });

  it('adds a route with its names, and its stops from source to destination', async () => {
    const { route: r, stops, a, b, c, driver, vehicle: v } = await route();
    expect((await call(`GET /bus/route/${r.id}/`)).body.data).toMatchObject({ source: a.name, destination: c.name, driver: driver.name, vehicle: v.name, direction: 1 });
    expect(stops.map((x: any) => [x.bus_stop, x.position, x.arr_time, Number(x.amount)])).toEqual([[a.name, 0, '07:20', 9000], [b.name, 1, '07:35', 8000.5], [c.name, 2, '07:50', 0]]);
    expect((await call(`GET /bus/routes/stops/${r.id}/`)).body.data.map((x: any) => x.bus_stop_id)).toEqual([a.id, b.id, c.id]);
    expect((await call('GET /bus/routes/stops/')).body.data.filter((x: any) => x.route === r.id)).toHaveLength(3);
    expect((await call('GET /bus/routes/')).body.data.find((x: any) => x.id === r.id).stops_count).toBe(3);
    expect((await call('PUT /bus/routes/', { name: 'Loop', src: a.id, dest: a.id, driver_id: driver.id, vehicle_id: v.id, direction: 1 })).body.error).toBe('Source and destination must be different stops');
    expect((await call('PUT /bus/routes/', { name: 'No driver', src: a.id, dest: c.id, vehicle_id: v.id, direction: 1 })).body.error).toBe('Please select driver');
    expect((await call(`POST /bus/route/${r.id}/`, { direction: 2 })).body).toMatchObject({ message: 'Route Updated', data: { direction: 2 } });
    expect((await call(`POST /bus/route/${r.id}/`, { direction: 3 })).status).toBe(400);
  });

  it('checks a route\'s stops: ends fixed, each once, times and amounts after the first, in order', async () => {
    const { route: r, a, b, c } = await route();
    const put = (stops: unknown[]) => call('PUT /bus/routes/stops/', { route: r.id, stops });
    const post = (stops: unknown[]) => call('POST /bus/routes/stops/', { route: r.id, stops });
    expect((await put([{ bus_stop_id: a.id }, { bus_stop_id: c.id, arr_time: '08:00', amount: 1 }])).body.error).toBe('This route already has its stops; change them instead');
    expect((await post([{ bus_stop_id: b.id }, { bus_stop_id: c.id, arr_time: '08:00', amount: 1 }])).body.error).toBe('The first and last stops are the route\'s source and destination');
    expect((await post([{ bus_stop_id: a.id }, { bus_stop_id: b.id, arr_time: '07:30', amount: 1 }])).body.error).toBe('The first and last stops are the route\'s source and destination');
    expect((await post([{ bus_stop_id: a.id }, { bus_stop_id: b.id, amount: 1 }, { bus_stop_id: c.id, arr_time: '08:00', amount: 1 }])).body.error).toBe(`Please enter the arrival time of ${b.name}`);
    expect((await post([{ bus_stop_id: a.id }, { bus_stop_id: b.id, arr_time: '07:30' }, { bus_stop_id: c.id, arr_time: '08:00', amount: 1 }])).body.error).toBe(`Please enter the amount of ${b.name}`);
    expect((await post([{ bus_stop_id: a.id, arr_time: '07:40' }, { bus_stop_id: b.id, arr_time: '07:30', amount: 1 }, { bus_stop_id: c.id, arr_time: '08:00', amount: 1 }])).body.error).toBe(`The arrival time of ${b.name} is before the stop ahead of it`);
    expect((await post([{ bus_stop_id: a.id }, { bus_stop_id: b.id, arr_time: '07:30', amount: 1 }, { bus_stop_id: b.id, arr_time: '07:40', amount: 1 }, { bus_stop_id: c.id, arr_time: '08:00', amount: 1 }])).body.error).toBe(`${b.name} is on the route more than once`);
    expect((await post([{ bus_stop_id: a.id }])).body.error).toBe('A route needs at least its source and destination');
    expect((await post([{ bus_stop_id: a.id }, { bus_stop_id: c.id, arr_time: '25:00', amount: 1 }])).body.error).toBe('Arrival time is a time of day (HH:MM)');
    expect((await call('POST /bus/routes/stops/', { route: 999999, stops: [{ bus_stop_id: a.id }, { bus_stop_id: c.id }] })).status).toBe(404);
    expect((await call('POST /bus/routes/stops/', { route: r.id, stops: [{ bus_stop_id: a.id }, { bus_stop_id: c.id, arr_time: '08:00', amount: 1 }] }, s.tokens['2'])).status).toBe(403);
  });

  it('changes a route\'s stops keeping students on theirs, and refuses to remove a stop with students until they move', async () => {
    const { route: r, stops, a, b, c } = await route();
    const d = await stop(`D${n}`, 12.96, 77.635);
    const st = await admit('Riya Menon');
    const rode = await ride(st.id, stops[1].id, stops[2].id);
    expect(rode.body).toMatchObject({ success: true, message: 'Student Added to Bus', data: { route_id: r.id, drop_route_id: r.id } });

    const without = await call('POST /bus/routes/stops/', { route: r.id, stops: [{ bus_stop_id: a.id }, { bus_stop_id: d.id, arr_time: '07:40', amount: 7000 }, { bus_stop_id: c.id, arr_time: '07:55', amount: 0 }] });
    expect(without.status).toBe(409);
    expect(without.body.error).toBe(`${b.name} cannot be removed: 1 student(s) are picked up or dropped there. Move them to another stop first`);
    expect((await call(`GET /bus/routes/stops/${r.id}/`)).body.data.map((x: any) => x.bus_stop_id)).toEqual([a.id, b.id, c.id]);

    const added = await call('POST /bus/routes/stops/', { route: r.id, stops: [{ bus_stop_id: a.id }, { bus_stop_id: b.id, arr_time: '07:35', amount: 8000 }, { bus_stop_id: d.id, arr_time: '07:40', amount: 7000 }, { bus_stop_id: c.id, arr_time: '07:55', amount: 0 }] });
    expect(added.body).toMatchObject({ success: true, message: 'Route Stops Updated' });
    const now = added.body.data;
    expect(now.map((x: any) => x.bus_stop_id)).toEqual([a.id, b.id, d.id, c.id]);
    expect(now[1].id).toBe(stops[1].id);

    // Moved to the new stop, the old one can go.
    expect((await call(`POST /bus/student/${rode.body.data.id}/`, { pickup_route_stop_id: now[2].id })).body.success).toBe(true);
    const finally_ = await call('POST /bus/routes/stops/', { route: r.id, stops: [{ bus_stop_id: a.id }, { bus_stop_id: d.id, arr_time: '07:40', amount: 7000 }, { bus_stop_id: c.id, arr_time: '07:55', amount: 0 }] });
    expect(finally_.body.data.map((x: any) => x.bus_stop_id)).toEqual([a.id, d.id, c.id]);
  });
});

describe('bus students', () => {
  it('never fills a route past its vehicle\'s seats, and lists by year and route 50 a page', async () => {
    const { route: r, stops, vehicle: v } = await route(2);
    const [x, y, z] = [await admit('Aarav S'), await admit('Bhavna K'), await admit('Chetan P')];
    expect((await ride(x.id, stops[0].id, stops[2].id)).body.success).toBe(true);
    expect((await ride(y.id, stops[1].id, stops[2].id, { fee: false, amount: 7500.25 })).body.data).toMatchObject({ fee: false, amount: 7500.25 });
    const full = await ride(z.id, stops[1].id, stops[2].id);
    expect(full.status).toBe(409);
    expect(full.body.error).toBe(`${r.name} is full: its vehicle ${v.name} has 2 seats`);
    expect((await call(`POST /bus/vehicle/${v.id}/`, { total_seats: 1 })).body.error).toBe(`${r.name} carries 2 students in this vehicle: it needs at least 2 seats`);
    expect((await ride(x.id, stops[0].id, stops[2].id)).body.error).toBe('This student is already on the bus this academic year');
    expect((await ride(z.id, 999999, stops[2].id)).body.error).toBe('Pickup stop not found');
    expect((await call('PUT /bus/students/', { student_id: z.id, pickup_route_stop_id: stops[0].id, drop_route_stop_id: stops[2].id })).body.error).toBe('Please select academic year');

    const byRoute = await call(`GET /bus/students/${year}/${r.id}/`);
    expect(byRoute.body.meta!.total).toBe(2);
    expect(byRoute.body.data.map((b: any) => [b.fullname, b.pickup, b.drop, b.fee, Number(b.amount)])).toEqual([
      ['Aarav S', stops[0].bus_stop, stops[2].bus_stop, true, 0], ['Bhavna K', stops[1].bus_stop, stops[2].bus_stop, false, 7500.25],
    ]);
    const byYear = await call(`GET /bus/students/${year}/?page=1&page_size=1`);
    expect(byYear.body.data).toHaveLength(1);
    expect(byYear.body.meta!.total).toBeGreaterThanOrEqual(2);
    expect((await call(`GET /bus/students/${year}/`)).body.data.length).toBeLessThanOrEqual(50);
    expect((await call(`GET /bus/students/${year}/${r.id}/`, undefined, s.tokens['2'])).status).toBe(403);
    expect((await call(`GET /bus/students/${year}/${r.id}/`, undefined, s.tokens['1'])).status).toBe(403);

    const removed = await call(`DELETE /bus/student/${byRoute.body.data[0].id}/`);
    expect(removed.body).toMatchObject({ success: true, message: 'Student Removed from Bus' });
    expect((await ride(z.id, stops[1].id, stops[2].id)).body.success).toBe(true);
  });
});

describe('trips and the bus live', () => {
  it('lets only the route\'s driver start and end its trip, and sends positions only to that route\'s families', async () => {
    const { route: r, stops, driver } = await route();
    const other = await route();
    const token = await login(driver.email);
    const otherToken = await login(other.driver.email);

    // Two families: one whose child rides this route, one whose child rides the other.
    const mine = await admit('Ishaan R');
    const theirs = await admit('Kabir T');
    await ride(mine.id, stops[1].id, stops[2].id);
    await ride(theirs.id, other.stops[1].id, other.stops[2].id);
    const db = schoolDb(t, s);
    // The test school's parent login is Ishaan's family; Kabir's family gets a login of its own.
    await db.updateTable('student').set({ user_id: s.users['1'] }).where('id', '=', mine.id).execute();
    const strangerUser = await db.insertInto('user').values({ name: 'Kabir family', email: 'kabir.family@bus.test', role: 1, password_hash: await hashPassword('Secret@123') }).returning('id').executeTakeFirstOrThrow();
    await db.updateTable('student').set({ user_id: strangerUser.id }).where('id', '=', theirs.id).execute();
    const parent = { id: s.users['1']!, token: s.tokens['1'] };
    const stranger = { id: strangerUser.id, token: await login('kabir.family@bus.test') };

    const today = await call('GET /bus/driver/trips/', undefined, token);
    expect(today.body.data.routes.map((x: any) => x.id)).toEqual([r.id]);
    expect(today.body.data.running).toBeNull();

    expect((await call('POST /bus/trip/start/', { route_id: r.id }, otherToken)).body.error).toBe('This route is not yours to drive');
    expect((await call('POST /bus/trip/start/', { route_id: r.id }, admin)).status).toBe(403);
    const started = await call('POST /bus/trip/start/', { route_id: r.id }, token);
    expect(started.body).toMatchObject({ success: true, message: 'Trip Started', data: { route_id: r.id, driver_id: driver.id, end_time: null } });
    const trip = started.body.data.id;
    expect((await call('POST /bus/trip/start/', { route_id: r.id }, token)).body.error).toBe('A trip of this route is already running');

    // Live: the parent's socket gets the position; another route's parent does not; admins do.
    const parentSocket = await connectSocket(base, s.code, { token: parent.token });
    const strangerSocket = await connectSocket(base, s.code, { token: stranger.token });
    const adminSocket = await connectSocket(base, s.code, { token: admin });
    const driverSocket = await connectSocket(base, s.code, { token });
    const otherSocket = await connectSocket(base, s.code, { token: otherToken });
    driverSocket.socket.emit('bus_position', { trip_id: trip, lat: 12.94, lon: 77.625, speed: 8 });
    expect(await driverSocket.next('bus_position_saved')).toMatchObject({ trip_id: trip });
    expect(await adminSocket.next('bus_position')).toMatchObject({ trip_id: trip, route_id: r.id, lat: 12.94, lon: 77.625, speed: 8 });
    expect(await parentSocket.next('bus_position')).toMatchObject({ trip_id: trip, lat: 12.94 });

    // Another driver cannot send this trip's positions, over the socket or by the call.
    otherSocket.socket.emit('bus_position', { trip_id: trip, lat: 1, lon: 1 });
    expect((await otherSocket.next('error')).message).toBe('This trip is not yours');
    expect((await call('POST /bus/trip/position/', { trip_id: trip, lat: 1, lon: 1 }, otherToken)).status).toBe(404);
    expect((await call('POST /bus/trip/position/', { trip_id: trip, lat: 1, lon: 1 }, admin)).status).toBe(403);
    const fallback = await call('POST /bus/trip/position/', { trip_id: trip, lat: 12.95, lon: 77.63, speed: 7 }, token);
    expect(fallback.body.success).toBe(true);
    expect(await adminSocket.next('bus_position')).toMatchObject({ lat: 12.95 });
    expect(strangerSocket.received.some((e) => e.event === 'bus_position')).toBe(false);

    // The bus is at the child's stop: the family is told once.
    driverSocket.socket.emit('bus_position', { trip_id: trip, lat: 12.9495, lon: 77.6298, speed: 6 });
    await driverSocket.next('bus_position_saved');
    driverSocket.socket.emit('bus_position', { trip_id: trip, lat: 12.9499, lon: 77.6299, speed: 6 });
    await driverSocket.next('bus_position_saved');
    const alerts = await db.selectFrom('bus_approach_alert').selectAll().where('trip_id', '=', trip).execute();
    expect(alerts.map((x) => x.student_id)).toEqual([mine.id]);
    const notes = await db.selectFrom('notification').select(['title', 'body']).where('user_id', '=', parent.id).where('title', '=', 'School bus approaching').execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]!.body).toContain(stops[1].bus_stop);

    // The parent's view: their own child only, the trip and its positions.
    {
      const live = await call(`GET /bus/live/${mine.id}/`, undefined, parent.token);
      expect(live.body.data).toMatchObject({ riding: true, stop_id: stops[1].id, trip: { id: trip, route_id: r.id } });
      expect(live.body.data.positions.length).toBe(4);
      expect(live.body.data.stops.map((x: any) => x.id)).toEqual(stops.map((x: any) => x.id));
      expect((await call(`GET /bus/live/${theirs.id}/`, undefined, parent.token)).status).toBe(404);
    }
    const running = await call('GET /bus/trips/running/');
    expect(running.body.data.find((x: any) => x.id === trip)).toMatchObject({ route_name: r.name, lat: 12.9499, speed: 6 });

    const ended = await call(`POST /bus/trip/${trip}/end/`, undefined, token);
    expect(ended.body).toMatchObject({ success: true, message: 'Trip Ended' });
    expect(ended.body.data.end_time).not.toBeNull();
    expect((await call(`POST /bus/trip/${trip}/end/`, undefined, token)).body.error).toBe('This trip has already ended');
    expect((await call(`POST /bus/trip/${trip}/end/`, undefined, otherToken)).status).toBe(404);
    driverSocket.socket.emit('bus_position', { trip_id: trip, lat: 12.96, lon: 77.64 });
    expect((await driverSocket.next('error')).message).toBe('This trip has already ended');
    expect((await call(`GET /bus/live/${mine.id}/`, undefined, parent.token)).body.data).toMatchObject({ trip: null, positions: [] });

    const trips = await call('GET /bus/trips/');
    expect(trips.body.data.find((x: any) => x.id === trip)).toMatchObject({ route_name: r.name, driver_name: driver.name });
    expect((await call('GET /bus/trips/', undefined, token)).body.data.every((x: any) => x.driver_id === driver.id)).toBe(true);
    expect((await call('GET /bus/trips/', undefined, s.tokens['2'])).status).toBe(403);
    for (const sock of [parentSocket, strangerSocket, adminSocket, driverSocket, otherSocket]) sock.close();

    // Positions are kept for the school's days (30 by default), then deleted by the clean-up job.
    const kept = await db.selectFrom('bus_position').select('id').where('trip_id', '=', trip).orderBy('id').execute();
    await db.updateTable('bus_position').set({ recorded_at: new Date(Date.now() - 31 * 86_400_000).toISOString() }).where('id', '=', kept[0]!.id).execute();
    await cleanUpPositions({ db: t.database.db, config: t.config });
    expect((await db.selectFrom('bus_position').select('id').where('trip_id', '=', trip).orderBy('id').execute()).map((p) => p.id)).toEqual(kept.slice(1).map((p) => p.id));
  });
});
