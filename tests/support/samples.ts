import { MOBILE_PATTERN } from '../../src/shared/mobile.js';
import { resourceByName } from '../../src/shared/registry.js';
import { fillPath, parseCall, type JsonSchema, type ResourceDef } from '../../src/shared/resource.js';
import type { TestApp, TestSchool } from './app.js';

let n = 0;
const next = () => ++n;

/** A value that satisfies a schema property; strings are unique so unique rules never clash. */
function valueFor(key: string, p: JsonSchema, i: number): unknown {
  const types = ([] as string[]).concat(p.type ?? 'string').filter((t) => t !== 'null');
  if (p.enum || p.oneOf) return (p.oneOf?.[0]?.const ?? p.enum?.[0]);
  if (types[0] === 'integer' || types[0] === 'number') return p.minimum ?? 1;
  if (types[0] === 'boolean') return true;
  if (types[0] === 'object') return {};
  if (types[0] === 'array') return [];
  if (p.format === 'email') return `${key}${i}@example.com`;
  if (p.format === 'date') return '2026-06-01';
  if (p.format === 'date-time') return '2026-06-01T04:30:00.000Z';
  if (p.pattern === MOBILE_PATTERN) return `98${String(i).padStart(8, '0')}`;
  return `${p.title ?? key} ${i}`.slice(0, p.maxLength ?? 50);
}

type Sampler = (t: TestApp, s: TestSchool, i: number) => Promise<Record<string, unknown>>;

/** Payloads the generic sampler cannot guess: rules between fields that hooks enforce. */
const SPECIAL: Record<string, Sampler> = {
  acyears: async (_t, _s, i) => ({ name: `Year ${i}`, syllabus: 'CBSE', start_date: '2026-06-01', end_date: '2027-03-31' }),
  // One holiday a date: each sample its own day.
  holidays: async (_t, _s, i) => ({ date: new Date(Date.UTC(2030, 0, i)).toISOString().slice(0, 10), reason: `Holiday ${i}` }),
  tests: async (t, s, i) => ({ name: `Test ${i}`, ac_year: (await createRecord(t, s, 'acyears')).id, start_date: '2026-09-01', end_date: '2026-09-10', test_type: 1 }),
  'test-subjects': async (t, s) => {
    const cls = await createRecord(t, s, 'classes');
    const subject = await createRecord(t, s, 'subjects', { class_id: cls.id });
    const test = await createRecord(t, s, 'tests');
    return {
      test_id: test.id, class_id: cls.id, subject_id: subject.id, marks_type: 1, min_marks: 35, max_marks: 100,
      start_time: '2026-09-14T04:30:00.000Z', end_time: '2026-09-14T07:30:00.000Z',
    };
  },
  // A live class: a subject of its own class, and an end after its start.
  'virtual-classes': async (t, s, i) => {
    const cls = await createRecord(t, s, 'classes');
    const subject = await createRecord(t, s, 'subjects', { class_id: cls.id });
    return {
      name: `Live class ${i}`, ac_year_id: (await createRecord(t, s, 'acyears')).id, class_id: cls.id, subject_id: subject.id,
      teacher_id: (await createRecord(t, s, 'teachers')).id, start_time: '2026-09-14T04:30:00.000Z', end_time: '2026-09-14T05:15:00.000Z',
    };
  },
  // A simple transport route's driver and vehicle are written in, all required.
  'simple-routes': async (_t, _s, i) => ({
    route_name: `Route ${i}`, source: 'School', destination: `Stop ${i}`, stops_list: [],
    details: { driver: { name: `Driver ${i}`, age: 40, phone: '9845000000' }, vehicle: { number: `KA01${i}`, model: 'Traveller', age: 3 } },
  }),
  // An RTO number is short: the generic text would be cut to the same one.
  'bus-vehicles': async (_t, _s, i) => ({ name: `Bus ${i}`, rto_reg_no: `KA01AB${i}`, vehicle_name: 'Starbus', vehicle_company: 'Tata', total_seats: 40 }),
  // A bus route runs between two different stops.
  'bus-routes': async (t, s, i) => ({
    name: `Route ${i}`, src: (await createRecord(t, s, 'bus-stops')).id, dest: (await createRecord(t, s, 'bus-stops')).id,
    driver_id: (await createRecord(t, s, 'bus-drivers')).id, vehicle_id: (await createRecord(t, s, 'bus-vehicles', { total_seats: 40 })).id, direction: 1,
  }),
  // A bus student is picked up and dropped at stops of a route that has them.
  'bus-students': async (t, s) => {
    const route = await createRecord(t, s, 'bus-routes');
    const stops = await t.call(s.code, 'PUT /bus/routes/stops/', { route: route.id, stops: [{ bus_stop_id: route.src }, { bus_stop_id: route.dest, arr_time: '08:00', amount: 500 }] }, s.tokens['4']);
    if (!stops.body.success) throw new Error(`route stops: ${stops.status} ${stops.body.error}`);
    const student = await createRecord(t, s, 'students');
    return { student_id: student.id, ac_year_id: (await createRecord(t, s, 'acyears')).id, pickup_route_stop_id: stops.body.data[0].id, drop_route_stop_id: stops.body.data[1].id, fee: false, amount: 100 };
  },
  // A payroll entry needs the employee's salary structure first.
  payrolls: async (t, s) => {
    const employee = await createRecord(t, s, 'employees');
    const set = await t.call(s.code, 'PUT /simple/payroll/salary/', { employee_id: employee.id, ctc: 30000, salary: [] }, s.tokens['4']);
    if (!set.body.success) throw new Error(`salary: ${set.status} ${set.body.error}`);
    return { employee_id: employee.id, month_year: '2026-06-01', total_days: 30, absent_days: 0 };
  },
};

/** A valid record payload for a resource, creating what it points at first. */
export async function sample(t: TestApp, s: TestSchool, name: string, overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const r = resourceByName(name);
  const i = next();
  if (SPECIAL[name]) return { ...(await SPECIAL[name]!(t, s, i)), ...overrides };
  const out: Record<string, unknown> = {};
  const refs = new Map(Object.values(r.relations ?? {}).filter((x) => x.from).map((x) => [x.from!, x.resource!]));
  for (const key of r.schema.required ?? []) {
    if (key in overrides) continue;
    const p = r.schema.properties[key];
    if (p.readOnly) continue;
    out[key] = refs.has(key) ? (await createRecord(t, s, refs.get(key)!)).id : valueFor(key, p, i);
  }
  return { ...out, ...overrides };
}

/** The create body for the declared create call (a batch resource wraps the row). */
export function createBody(r: ResourceDef, row: Record<string, unknown>): Record<string, unknown> {
  if (!r.batch) return row;
  const body: Record<string, unknown> = {};
  const item = { ...row };
  for (const k of r.batch.shared) { body[k] = item[k]; delete item[k]; }
  body[r.batch.rows] = [item];
  return body;
}

export async function createRecord(t: TestApp, s: TestSchool, name: string, overrides: Record<string, unknown> = {}): Promise<any> {
  const r = resourceByName(name);
  const row = await sample(t, s, name, overrides);
  const res = await t.call(s.code, callFor(r.api.create!, row), createBody(r, row), s.tokens['4']);
  if (!res.body.success) throw new Error(`create ${name}: ${res.status} ${res.body.error}`);
  return Array.isArray(res.body.data) ? res.body.data[0] : res.body.data;
}

/** Fills a declared call's path from a record: '{id}' and other parameters by field name. */
export const callFor = (call: string, row: Record<string, unknown>) => {
  const { method, path } = parseCall(call as any);
  return `${method} ${fillPath(path, row)}`;
};
