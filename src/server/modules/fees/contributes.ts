import { defineContributions } from '../../framework/contributions.js';
import { feeItemTotalsTable } from './item-totals.js';
import type { enabledGateways } from './settings.js';

/** Events fees publishes (src/server/framework/events.ts): a bill written, after its commit. */
declare module '../../framework/events.js' {
  interface Events {
    'fees.bill.created': { bill_id: number; student_id: number; ac_year_id: number };
  }
}

/** What fees answers other modules (src/server/framework/services.ts). */
declare module '../../framework/services.js' {
  interface Services {
    'fees.enabledGateways': typeof enabledGateways;
  }
}

const FEE_SETTINGS_USAGE = `  npm run school -- fee-settings --code ABC123 [--set online_fee_payment_enabled=1] [--set razorpay.enabled=1]
      [--set razorpay.tdr_rate=2] [--secret razorpay.key_id=rzp_live_...] [--secret razorpay.key_secret=...]
    --set: fee_discounts_enabled, fee_partial_payment_enabled, online_fee_payment_enabled (1/0);
           <gateway>.enabled (1/0), <gateway>.name, <gateway>.tdr_rate|tdr_amount|tdr_tax_rate; gateways: test, razorpay, paytm, easebuzz
    --secret: razorpay.key_id|key_secret|webhook_secret, paytm.mid|merchant_key|website|environment,
              easebuzz.key|salt|environment; an empty value removes a key. Without --set/--secret it shows the settings.`;

export default defineContributions({
  derivedTables: [feeItemTotalsTable],
  demo: [{
    order: 20,
    seed: async (d) => (await import('./demo-seed.js')).seedDemoFees(d.ctx, {
      yearId: d.years.current, classIds: ['5A', '5B', '10A', '10B'].map((k) => d.classIds[k]!), parentChildren: await d.parentChildren(),
    }),
  }],
  commands: {
    'fee-settings': {
      usage: FEE_SETTINGS_USAGE,
      options: { set: { type: 'string', multiple: true }, secret: { type: 'string', multiple: true } },
      // Loaded when run: the build reads this file for its derived tables alone.
      run: async (env) => (await import('./fee-settings-command.js')).feeSettingsCommand(env),
    },
  },
  // Loaded when called, like the rest: the build reads this file.
  services: {
    'fees.enabledGateways': async (db) => (await import('./settings.js')).enabledGateways(db),
  },
});
