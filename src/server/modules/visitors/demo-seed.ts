import type { Ctx } from '../../framework/context.js';
import * as service from '../../framework/service.js';
import { resourceByName } from '../../../shared/registry.js';

/** name, mobile, student and class visited for (or none), address, person visiting, reason, entry gate. */
const VISITORS: Array<[string, string, string | null, string | null, string, string, string, string]> = [
  ['Ramesh Kumar', '9845012345', 'Aarav Kumar', '5 - A', '14, 3rd Cross, Jayanagar, Bengaluru', 'Anita Sharma', 'Parent-teacher meeting', 'Main Gate'],
  ['Lakshmi Narayan', '9880123456', null, null, 'Sri Sai Stationers, Basavanagudi', 'Kavitha Rao', 'Delivery of notebooks', 'Service Gate'],
  ['Farhan Sheikh', '9900234567', 'Zoya Sheikh', '3 - B', '22, Richmond Town, Bengaluru', 'Office', 'Fee receipt copy', 'Main Gate'],
  ['Deepa Menon', '9741345678', 'Nikhil Menon', '10 - A', '7, Indiranagar 2nd Stage', 'Principal', 'Transfer certificate enquiry', 'Main Gate'],
  ['Venkatesh Rao', '9611456789', null, null, 'City Pest Control, Hebbal', 'Arjun Mehta', 'Quarterly pest control', 'Service Gate'],
  ['Sneha Patil', '9535567890', 'Ishaan Patil', '1 - A', '31, HSR Layout Sector 2', 'Class teacher', 'Picking up child early (doctor visit)', 'Main Gate'],
  ['Mohammed Irfan', '9448678901', null, null, 'Karnataka Electricals, Shivajinagar', 'Kavitha Rao', 'Generator service', 'Service Gate'],
  ['Priya Raghavan', '9686789012', 'Diya Raghavan', '7 - B', '5, Malleshwaram 8th Cross', 'Rahul Verma', 'Discuss maths marks', 'Main Gate'],
];

/** The last this many of the day's visitors are still inside; the others have left. */
const STILL_INSIDE = 3;

/**
 * A day at the gate of the demo school: eight visitors over the last six hours, parents and
 * tradespeople, the earlier ones checked out (after 20 to 50 minutes) and the last three still
 * inside. Photos are left out (the camera takes them at the gate). The office admin keeps the
 * visitor book. And the simple inventory: four categories with a few items each.
 */
export async function seedDemoVisitors(ctx: Ctx, opts: { officeUserId: number }): Promise<void> {
  await ctx.db.insertInto('admin_module_access').values({ user_id: opts.officeUserId, module_key: 'visitors', create: true, read: true, update: true, delete: false })
    .onConflict((oc) => oc.columns(['user_id', 'module_key']).doNothing()).execute();
  const visitors = resourceByName('visitors');
  const now = Date.now();
  const minute = 60_000;
  for (const [i, [name, mobile, student_name, klass, address, person_visiting, reason_visiting, entry_gate]] of VISITORS.entries()) {
    const entered = now - (6 * 60 - i * 45) * minute;
    const left = i < VISITORS.length - STILL_INSIDE;
    await service.create(ctx, visitors, {
      name, mobile, student_name, class: klass, address, person_visiting, reason_visiting, entry_gate, photo: null,
      entry_timestamp: new Date(entered).toISOString(),
      exit_gate: left ? entry_gate : null,
      exit_timestamp: left ? new Date(entered + (20 + (i % 4) * 10) * minute).toISOString() : null,
    });
  }

  const categories: Record<string, number> = {};
  for (const name of ['Furniture', 'Sports', 'Laboratory', 'Stationery']) {
    categories[name] = (await service.create(ctx, resourceByName('inventory-categories'), { name })).id;
  }
  const items: Array<[string, string, number]> = [
    ['Furniture', 'Student desk', 420], ['Furniture', 'Teacher chair', 36], ['Furniture', 'Steel almirah', 18],
    ['Sports', 'Football', 12], ['Sports', 'Cricket bat', 10], ['Sports', 'Skipping rope', 40],
    ['Laboratory', 'Microscope', 15], ['Laboratory', 'Test tube stand', 30],
    ['Stationery', 'Whiteboard marker (box)', 25], ['Stationery', 'A4 paper ream', 60],
  ];
  for (const [category, item_name, quantity] of items) {
    await service.create(ctx, resourceByName('inventory-items'), { category_id: categories[category]!, item_name, quantity });
  }
}
