import type { DemoSchool } from '../../framework/contributions.js';
import { items } from '../../framework/items.js';
import { STUDENT_STATUS } from '../../../generated/enums/students.js';

/** The demo drivers' login password is every demo login's. */
const DEMO_PASSWORD = 'Demo@1234';

/** Stops in and around Koramangala and Indiranagar, Bengaluru: name, latitude, longitude, landmark. */
const STOPS: Array<[string, number, number, string]> = [
  ['Koramangala 5th Block', 12.9352, 77.6245, 'Forum Mall'],
  ['Ejipura Signal', 12.9440, 77.6300, 'Ejipura bus stand'],
  ['Domlur Flyover', 12.9610, 77.6387, 'Domlur bus depot'],
  ['Demo Public School', 12.9719, 77.6412, 'School main gate'],
  ['HAL 2nd Stage', 12.9680, 77.6480, 'Indiranagar Metro'],
];

/**
 * The demo school's transport: three drivers (driver@demo01.school signs in with the demo
 * password and drives both Koramangala routes), two buses and a van, five stops, the morning
 * route towards school and the evening route away, each with its stops, arrival times and
 * amounts, and a dozen students on them, the demo parent's two children among them.
 */
export async function seedDemoTransport(d: DemoSchool): Promise<void> {
  const { ctx } = d;
  const drivers = [];
  for (const [i, [name, email, mobile]] of ([
    ['Manjunath B', 'driver@demo01.school', '9845000101'],
    ['Ravi Kumar S', 'ravi.driver@demo01.school', '9845000102'],
    ['Suresh Gowda', 'suresh.driver@demo01.school', '9845000103'],
  ] as const).entries()) {
    drivers.push(await items(ctx, 'bus-drivers').create({ name, email, mobile_no: mobile, password: DEMO_PASSWORD, dob: `198${i}-03-21`, dl_no: `KA0120100${i}4521` }));
  }
  const vehicles = await items(ctx, 'bus-vehicles').createMany([
    { name: 'Bus 1', rto_reg_no: 'KA01AB1234', vehicle_name: 'Starbus Skool', vehicle_company: 'Tata Motors', total_seats: 40 },
    { name: 'Bus 2', rto_reg_no: 'KA01AB5678', vehicle_name: 'Sunshine', vehicle_company: 'Ashok Leyland', total_seats: 32 },
    { name: 'Van 1', rto_reg_no: 'KA03MN4321', vehicle_name: 'Winger School', vehicle_company: 'Tata Motors', total_seats: 12 },
  ]);
  const stops = await items(ctx, 'bus-stops').createMany(STOPS.map(([name, lat, lon, landmark]) => ({
    name, lat, lon, nearby: [landmark], extras: { address: `${name}, Bengaluru`, landmark },
  })));
  const [kora, ejipura, domlur, school] = stops;
  const morning = await items(ctx, 'bus-routes').create({ name: 'Route 1 Koramangala (Morning)', src: kora!.id, dest: school!.id, driver_id: drivers[0]!.id, vehicle_id: vehicles[0]!.id, direction: 1 });
  const evening = await items(ctx, 'bus-routes').create({ name: 'Route 2 Koramangala (Evening)', src: school!.id, dest: kora!.id, driver_id: drivers[0]!.id, vehicle_id: vehicles[0]!.id, direction: 2 });
  const morningStops = await items(ctx, 'bus-route-stops').createMany([
    { route: morning.id, bus_stop_id: kora!.id, position: 0, arr_time: '07:20', amount: 9000 },
    { route: morning.id, bus_stop_id: ejipura!.id, position: 1, arr_time: '07:32', amount: 8000 },
    { route: morning.id, bus_stop_id: domlur!.id, position: 2, arr_time: '07:45', amount: 6500 },
    { route: morning.id, bus_stop_id: school!.id, position: 3, arr_time: '08:00', amount: 0 },
  ]);
  const eveningStops = await items(ctx, 'bus-route-stops').createMany([
    { route: evening.id, bus_stop_id: school!.id, position: 0, arr_time: '15:30', amount: 0 },
    { route: evening.id, bus_stop_id: domlur!.id, position: 1, arr_time: '15:45', amount: 6500 },
    { route: evening.id, bus_stop_id: ejipura!.id, position: 2, arr_time: '15:58', amount: 8000 },
    { route: evening.id, bus_stop_id: kora!.id, position: 3, arr_time: '16:10', amount: 9000 },
  ]);
  // Picked up in the morning and dropped in the evening at the same place.
  const pairs = [0, 1, 2].map((i) => [morningStops[i]!.id, eveningStops[3 - i]!.id] as const);
  const children = await d.parentChildren();
  const others = await ctx.db.selectFrom('student').select('id').where('status', '=', STUDENT_STATUS.ACTIVE)
    .where('id', 'not in', children.length ? children : [0]).orderBy('id').limit(10).execute();
  const riders = [...children, ...others.map((o) => o.id)];
  await items(ctx, 'bus-students').createMany(riders.map((student_id, i) => {
    // The demo parent's children get on at Ejipura; the others spread over the three stops.
    const [pickup, drop] = pairs[i < children.length ? 1 : i % 3]!;
    return { student_id, ac_year_id: d.years.current, pickup_route_stop_id: pickup, drop_route_stop_id: drop, fee: i % 4 !== 3, amount: i % 4 === 3 ? 8000 : 0 };
  }));
}
