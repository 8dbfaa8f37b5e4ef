import type { Kysely } from 'kysely';
import type { DB } from '../../../generated/db.js';
import { toPaise } from '../../../shared/money.js';
import { CREDIT, DEBIT, type ItemPaise, type ItemType } from '../../../shared/payroll.js';

/** A salary item as stored and answered: rupees. */
export interface SalaryItem { item_name: string; type: number; value: number }

/** The items in paise, for the arithmetic. */
export const itemsInPaise = (items: readonly SalaryItem[]): ItemPaise[] =>
  items.map((i) => ({ item_name: i.item_name.trim(), type: (i.type === DEBIT ? DEBIT : CREDIT) as ItemType, paise: toPaise(i.value) }));

/** An employee's salary structure: CTC in paise and its items; null when none is set. */
export async function salaryOf(db: Kysely<DB>, employeeId: number): Promise<{ ctcPaise: number; items: SalaryItem[] } | null> {
  const row = await db.selectFrom('payroll_salary').select(['ctc', 'salary']).where('employee_id', '=', employeeId).executeTakeFirst();
  if (!row) return null;
  return { ctcPaise: toPaise(Number(row.ctc)), items: (row.salary ?? []) as SalaryItem[] };
}
