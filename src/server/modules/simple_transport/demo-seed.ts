import type { DemoSchool } from '../../framework/contributions.js';
import { items } from '../../framework/items.js';
import { STUDENT_STATUS } from '../../../generated/enums/students.js';

/** The demo school's simple transport: a van route to HSR Layout with four students on it. */
export async function seedDemoSimpleTransport(d: DemoSchool): Promise<void> {
  const { ctx } = d;
  const route = await items(ctx, 'simple-routes').create({
    route_name: 'Van HSR Layout', source: 'Demo Public School', destination: 'HSR Layout Sector 2',
    stops_list: ['Agara Lake', 'HSR BDA Complex', 'HSR Layout Sector 2'], device: { imei: '356938035643809' },
    details: { driver: { name: 'Naveen R', age: 38, phone: '9845000201' }, vehicle: { number: 'KA51C7788', model: 'Force Traveller', age: 4 } },
  });
  const students = await ctx.db.selectFrom('student').select('id').where('status', '=', STUDENT_STATUS.ACTIVE).orderBy('id', 'desc').limit(4).execute();
  await items(ctx, 'simple-route-students').createMany(students.map((s, i) => ({
    route_id: route.id, ac_year_id: d.years.current, student_id: s.id, stop_name: ['Agara Lake', 'HSR BDA Complex', 'HSR Layout Sector 2'][i % 3]!,
    fee_included: i !== 0, amount: i === 0 ? 7500 : 0,
  })));
}
