import { resourceByName } from '../../../shared/registry.js';
import type { Ctx } from '../../framework/context.js';
import { schoolToday } from '../../framework/periods.js';
import * as service from '../../framework/service.js';

/** The day `n` days before today in the school's calendar (YYYY-MM-DD). */
function daysAgo(n: number): string {
  const d = new Date(`${schoolToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

/** Simple account entries over the last two months: [days ago, title, 0 credit / 1 debit, rupees, description]. */
const ENTRIES: Array<[number, string, 0 | 1, number, string]> = [
  [58, 'Canteen rent for the month', 0, 12000, 'Paid by Annapoorna Caterers'],
  [55, 'Old newspaper sale', 0, 640.5, 'Library and office stock'],
  [50, 'Generator diesel', 1, 4850.75, '45 litres'],
  [44, 'Annual day sponsorship', 0, 25000, 'Rotary Club of Jayanagar'],
  [40, 'Plumbing repair, block B', 1, 2300, 'Washroom taps and pipes'],
  [31, 'Bus parking rent', 1, 6000, 'Monthly, BMTC depot yard'],
  [28, 'Canteen rent for the month', 0, 12000, 'Paid by Annapoorna Caterers'],
  [21, 'Science fair prize money', 1, 7500, 'Three prizes'],
  [14, 'Hall hire for a wedding', 0, 18000, 'Weekend booking of the school hall'],
  [7, 'Pest control', 1, 3250, 'Quarterly service'],
  [2, 'Scrap sale', 0, 1890.25, 'Old benches'],
  [0, 'Courier charges', 1, 185.5, 'Board exam forms'],
];

/** Simple expenses over the same months: [days ago, name, rupees]. */
const EXPENSES: Array<[number, string, number]> = [
  [57, 'Chalk and dusters', 1450], [49, 'Drinking water cans', 2100], [42, 'First aid kit refill', 1875.6],
  [35, 'Sports day ribbons', 640], [26, 'Drinking water cans', 2100], [19, 'Printer toner', 3899],
  [12, 'Flower decoration, assembly', 750], [5, 'Drinking water cans', 2100], [1, 'Light bulbs', 1260.4],
];

/**
 * The demo school's simple accounts: credit and debit entries and simple expenses dated over
 * the last two months, through the generic service (validated, audited), so the accounts
 * screen, its monthly chart and the simple finance dashboard have figures from the first visit.
 */
export async function seedDemoAccounts(ctx: Ctx): Promise<void> {
  for (const [ago, title, txn_type, amount, description] of ENTRIES) {
    await service.create(ctx, resourceByName('simple-accounts'), { title, txn_type, amount, date: daysAgo(ago), description, files: [] });
  }
  for (const [ago, name, amount] of EXPENSES) {
    await service.create(ctx, resourceByName('simple-expenses'), { name, amount, date: daysAgo(ago) });
  }
}
