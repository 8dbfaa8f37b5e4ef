import schema from '../../schemas/payroll/payroll.json' with { type: 'json' };
import run from '../../schemas/payroll/calls/run.json' with { type: 'json' };
import runQuery from '../../schemas/payroll/calls/run-query.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';
import { PAYROLL_STAFF } from '../../src/shared/payroll.js';

/**
 * Running payroll for a month: every employee with a salary in one table (loss of pay from HR's
 * attendance, the salary it leaves), saved together as payroll entries, all or none. The spec
 * has one entry at a time (PUT /simple/payroll/); this is beside it, under the same path and the
 * same roles, and writes each entry through that create (src/server/modules/payroll/run.ts).
 * It stores nothing of its own: the entries are payroll entries (the `payroll` table).
 */
export default defineResource({
  name: 'payroll-runs', module: 'payroll', schema,
  label: 'Payroll Runs', singular: 'Payroll Run', icon: 'WalletOutlined',
  api: {},
  access: { read: PAYROLL_STAFF, create: PAYROLL_STAFF },
  messages: {},
  calls: {
    // What saving would write, nothing stored; for those who may make entries, as the screen is for making them.
    preview: { call: 'GET /simple/payroll/run/', permission: 'create', query: runQuery },
    save: {
      call: 'PUT /simple/payroll/run/', permission: 'create', payload: run,
      message: 'Payroll entries saved',
      errors: {
        entered: '{name} already has a payroll entry for {month}; nothing was saved. Open the month again to see it.',
        changed: "{name}'s attendance or salary changed since this list was made; nothing was saved. Open the month again to review it.",
        unknown: 'Employee {id} not found; nothing was saved',
      },
    },
  },
  pages: {
    run: {
      route: '/payroll/run', component: 'PayrollRun', permission: 'create', menu: 'Run Payroll',
      calls: ['payroll-runs.preview'],
      buttons: { save: 'payroll-runs.save' },
    },
  },
});
