import { defineContributions } from '../../framework/contributions.js';
import type { createExpense } from './expenses.js';

/** What finance answers other modules (src/server/framework/services.ts). */
declare module '../../framework/services.js' {
  interface Services {
    'finance.createExpense': typeof createExpense;
  }
}

export default defineContributions({
  demo: [{ order: 110, seed: async (d) => (await import('./demo-seed.js')).seedDemoFinance(d.ctx) }],
  services: {
    'finance.createExpense': async (ctx, input) => (await import('./expenses.js')).createExpense(ctx, input),
  },
});
