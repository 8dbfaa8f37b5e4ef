/** Simple transportation (spec 3): routes with their driver and vehicle written in, and the students on each. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, type TestApp, type TestSchool } from '../support/app.js';
import { admitStudent } from '../support/admit.js';
import { createRecord } from '../support/samples.js';

let t: TestApp;
let s: TestSchool;
let admin: string;
let year: number;
let klass: number;

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['4'];
  year = (await createRecord(t, s, 'acyears', { name: '2026-27' })).id;
  klass = (await createRecord(t, s, 'classes', { class: '4', section: 'D' })).id;
});
afterAll(() => t?.close());

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);
const routeBody = (extra: Record<string, unknown> = {}) => ({
  route_name: `Van ${Math.random().toString(36).slice(2, 7)}`, source: 'School', destination: 'HSR Layout', stops_list: ['Agara', 'HSR BDA'],
  device: { imei: '356938035643809' },
  details: { driver: { name: 'Naveen R', age: 38, phone: '9845000201' }, vehicle: { number: 'KA51C7788', model: 'Traveller', age: 4 } },
  ...extra,
});

describe('simple transportation', () => {
  it('adds, reads, updates and deletes a route with its messages', async () => {
    const added = await call('PUT /simple/transportation/routes/', routeBody());
    expect(added.body).toMatchObject({ success: true, message: 'New Route Added', data: { source: 'School', details: { driver: { name: 'Naveen R' } } } });
    const id = added.body.data.id;
    expect((await call(`GET /simple/transportation/route/${id}/`)).body.data.device).toEqual({ imei: '356938035643809' });
    expect((await call('GET /simple/transportation/routes/')).body.data.some((r: any) => r.id === id)).toBe(true);
    expect((await call(`POST /simple/transportation/route/${id}/`, { destination: 'HSR Sector 2' })).body).toMatchObject({ message: 'Route Updated', data: { destination: 'HSR Sector 2' } });
    expect((await call(`DELETE /simple/transportation/route/${id}/`)).body).toMatchObject({ success: true, message: 'Route deleted' });
    expect((await call(`GET /simple/transportation/route/${id}/`)).status).toBe(404);
  });

  it('requires the route, driver and vehicle details with the spec\'s words', async () => {
    const d = routeBody().details;
    for (const [body, message] of [
      [routeBody({ route_name: '' }), 'Please enter route name'],
      [routeBody({ source: undefined }), 'Please enter source'],
      [routeBody({ destination: ' ' }), 'Please enter destination'],
      [routeBody({ details: { ...d, driver: { age: 38, phone: '9845000201' } } }), 'Please enter driver name'],
      [routeBody({ details: { ...d, driver: { name: 'X', phone: '9845000201' } } }), 'Please enter driver age'],
      [routeBody({ details: { ...d, driver: { name: 'X', age: 30, phone: '12345' } } }), 'Enter valid mobile number'],
      [routeBody({ details: { ...d, vehicle: { model: 'M', age: 2 } } }), 'Please enter vehicle number'],
      [routeBody({ details: { ...d, vehicle: { number: 'KA1', age: 2 } } }), 'Please enter vehicle model'],
      [routeBody({ details: { ...d, vehicle: { number: 'KA1', model: 'M' } } }), 'Please enter vehicle age'],
      [routeBody({ device: { imei: '123' } }), 'IMEI is 15 digits'],
    ] as const) {
      const res = await call('PUT /simple/transportation/routes/', JSON.parse(JSON.stringify(body)));
      expect(res.status, message).toBe(400);
      expect(res.body.error).toBe(message);
    }
  });

  it('adds a student to a route at one of its stops, lists and removes them, and keeps a route with students', async () => {
    const route = (await call('PUT /simple/transportation/routes/', routeBody())).body.data;
    const st = await admitStudent(t, s, admin, { ac_year_id: year, class_id: klass, fullname: 'Diya Rao' }, 'SRT');
    const body = { route_id: route.id, ac_year_id: year, student_id: st.id, stop_name: 'Agara' };
    expect((await call('PUT /simple/transportation/students/', { ...body, stop_name: 'Marathahalli' })).body.error).toBe('Marathahalli is not a stop of this route (its stops: Agara, HSR BDA)');
    expect((await call('PUT /simple/transportation/students/', { ...body, stop_name: undefined })).body.error).toBe('Please enter stop name');
    expect((await call('PUT /simple/transportation/students/', { ...body, route_id: undefined })).body.error).toBe('Please select bus route');
    const added = await call('PUT /simple/transportation/students/', { ...body, fee_included: false, amount: 7500.5 });
    expect(added.body).toMatchObject({ success: true, message: 'Student Added to Route', data: { student_name: 'Diya Rao', stop_name: 'Agara', fee_included: false, amount: 7500.5 } });
    expect((await call('PUT /simple/transportation/students/', body)).body.error).toBe('This student is already on a route this academic year');
    const list = await call(`GET /simple/transportation/students/${route.id}/`);
    expect(list.body.data.map((r: any) => [r.student_name, r.stop_name, Number(r.amount)])).toEqual([['Diya Rao', 'Agara', 7500.5]]);

    const kept = await call(`DELETE /simple/transportation/route/${route.id}/`);
    expect(kept.status).toBe(409);
    expect(kept.body.error).toBe('Remove the students from this route first');
    expect((await call(`DELETE /simple/transportation/student/${added.body.data.id}/`)).body).toMatchObject({ success: true, message: 'Student removed from route' });
    expect((await call(`GET /simple/transportation/students/${route.id}/`)).body.data).toEqual([]);

    // Included in the main fees: no amount of its own.
    const included = await call('PUT /simple/transportation/students/', { ...body, amount: 900 });
    expect(Number(included.body.data.amount)).toBe(0);
  });

  it('is the office\'s alone', async () => {
    for (const who of ['1', '2', '5', '6', '7', 'admin-none']) {
      expect((await call('GET /simple/transportation/routes/', undefined, s.tokens[who])).status, who).toBe(403);
      expect((await call('PUT /simple/transportation/routes/', routeBody(), s.tokens[who])).status, who).toBe(403);
    }
    expect((await call('PUT /simple/transportation/routes/', routeBody(), s.tokens['admin-read'])).status).toBe(403);
  });
});
