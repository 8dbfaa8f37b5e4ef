import { defineHandlers } from '../../framework/calls.js';
import { saveFile } from '../../framework/files.js';
import { schoolHeader } from '../../platform/school-header.js';
import { payInstallment } from './installment.js';
import { dashboardOf, ownPayrolls, payslipOf } from './payslip.js';
import { renderPayslip } from './payslip-pdf.js';

const fileWord = (s: string) => s.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Payslips, their payment and the payroll dashboard (spec 2 §7 Simple payroll). */
export default defineHandlers('payslips', {
  view: async (ctx, { params }) => payslipOf(ctx, params.id),

  pdf: async (ctx, { params }) => {
    const slip = await payslipOf(ctx, params.id);
    const bytes = await renderPayslip(slip, await schoolHeader(ctx));
    const name = `Payslip-${fileWord(slip.emp_name)}-${slip.month_year.slice(0, 7)}.pdf`;
    const saved = await saveFile(ctx, { name, contentType: 'application/pdf', bytes, kind: 'payslip' });
    return { path: saved.path, name };
  },

  mine: async (ctx) => ownPayrolls(ctx),

  dashboard: async (ctx) => dashboardOf(ctx),

  payOptions: async (ctx) => {
    const [accounts, modes, categories] = await Promise.all([
      ctx.db.selectFrom('fin_account').select(['id', 'name', 'type']).orderBy('name').execute(),
      ctx.db.selectFrom('fin_payment_mode').select(['id', 'name']).orderBy('name').execute(),
      ctx.db.selectFrom('fin_expense_category').select(['id', 'name']).orderBy('name').execute(),
    ]);
    return { accounts, modes, categories };
  },

  installment: async (ctx, { body }) => payInstallment(ctx, body),
});
