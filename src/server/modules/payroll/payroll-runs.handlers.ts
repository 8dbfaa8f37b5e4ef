import { defineHandlers } from '../../framework/calls.js';
import { runPreview, saveRun } from './run.js';

/** Running payroll for a month (run.ts): the review table, and saving it all or nothing. */
export default defineHandlers('payroll-runs', {
  preview: async (ctx, { query }) => runPreview(ctx, query.month_year),

  save: async (ctx, { body }) => saveRun(ctx, body, (code, values) => ctx.fail(code, code === 'unknown' ? 404 : 409, values)),
});
