import schema from '../../schemas/payroll/payroll-installment.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';
import { PAYROLL_STAFF } from '../../src/shared/payroll.js';

/**
 * Payments against a payroll entry, written only by the payslip's installment call
 * (src/server/modules/payroll/payslip.ts) together with the finance expense that debits the account.
 */
export default defineResource({
  name: 'payroll-installments', module: 'payroll', schema, table: 'payroll_installment',
  label: 'Payroll Installments', singular: 'Installment', icon: 'WalletOutlined',
  api: {},
  relations: {
    payroll: { from: 'payroll_id', resource: 'payrolls', field: 'month_year' },
  },
  access: { read: PAYROLL_STAFF },
  messages: {},
});
