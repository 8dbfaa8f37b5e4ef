import { defineHandlers } from '../../framework/calls.js';
import { inTransaction } from '../../framework/service.js';
import { items as write } from '../../framework/items.js';
import { formatINR, toPaise, toRupees } from '../../../shared/money.js';
import { CREDIT, DEBIT, itemsTotalPaise, structureMismatch } from '../../../shared/payroll.js';
import { itemsInPaise, salaryOf } from './salary.js';

/**
 * Salary structures (spec 2 §7 Simple payroll). The employees list answers every HR employee
 * with their CTC (null while no salary is set); a structure's items are answered as text, as the
 * spec's browser parses them.
 */
export default defineHandlers('payroll-salaries', {
  employees: async (ctx) => {
    const rows = await ctx.db.selectFrom('hr_employee as e').leftJoin('payroll_salary as s', 's.employee_id', 'e.id')
      .select(['e.id', 'e.name', 'e.job_title', 'e.dob', 's.ctc']).orderBy('e.name').orderBy('e.id').execute();
    return rows.map((r) => ({ ...r, ctc: r.ctc == null ? null : Number(r.ctc) }));
  },

  salary: async (ctx, { params }) => {
    const s = await salaryOf(ctx.db, params.id);
    if (!s) throw ctx.fail('none', 404);
    return { employee_id: params.id, ctc: toRupees(s.ctcPaise), salary: JSON.stringify(s.items) };
  },

  set: async (ctx, { body }) => {
    const ctcPaise = toPaise(body.ctc);
    const items = body.salary.map((i) => ({ item_name: i.item_name.trim(), type: i.type, value: i.value }));
    const paise = itemsInPaise(items);
    if (structureMismatch(ctcPaise, paise)) {
      const sum = (type: number) => paise.filter((i) => i.type === type).reduce((a, i) => a + i.paise, 0);
      throw ctx.fail('mismatch', 400, {
        credits: formatINR(toRupees(sum(CREDIT))), debits: formatINR(toRupees(sum(DEBIT))),
        net: formatINR(toRupees(itemsTotalPaise(paise))), ctc: formatINR(body.ctc),
      });
    }
    return inTransaction(ctx, async (tx) => {
      // One structure an employee: set replaces it.
      const had = await tx.db.selectFrom('payroll_salary').select('id').where('employee_id', '=', body.employee_id).forUpdate().executeTakeFirst();
      const values = { employee_id: body.employee_id, ctc: body.ctc, salary: items };
      const row = had ? await write(tx, 'payroll-salaries').update(had.id, values, { action: 'set' }) : await write(tx, 'payroll-salaries').create(values, { action: 'set' });
      return { id: row.id, employee_id: body.employee_id, ctc: body.ctc, salary: JSON.stringify(items) };
    });
  },
});
