import { defineHandlers } from '../../framework/calls.js';
import { audit } from '../../framework/service.js';
import { sanitizeRichText } from '../../../shared/richText.js';
import { getSetting, putSetting } from '../../platform/settings.js';

/** The school's one web announcement, kept as a setting. */
const KEY = 'web_announcement';

export default defineHandlers('announcements', {
  web: async (ctx) => ({ data: sanitizeRichText((await getSetting(ctx.db, KEY, { data: '' })).data) }),

  // Kept sanitised, so no reader ever gets script from the store (the browser sanitises again).
  saveWeb: async (ctx, { body }) => {
    const data = sanitizeRichText(body.data);
    await putSetting(ctx.db, KEY, { data });
    await audit(ctx, 'announcements', 'web', null, { length: data.length });
    return { data };
  },
});
