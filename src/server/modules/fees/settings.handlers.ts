import { defineHandlers } from '../../framework/calls.js';
import { getFeeSettings } from './settings.js';

/** The school's fee settings, declared with the school's calls (every reader of bills may read them). */
export default defineHandlers('school', {
  feeSettings: async (ctx) => getFeeSettings(ctx.db),
});
