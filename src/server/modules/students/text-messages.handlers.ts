import { defineHandlers } from '../../framework/calls.js';
import { audit } from '../../framework/service.js';
import { sendAll } from '../../integrations/sms/index.js';

/** Text messages (SMS) to the mobiles picked on the student list, through the school's SMS provider. */
export default defineHandlers('students', {
  textMessage: async (ctx, { body: b }) => {
    const numbers = [...new Set(b.mobile_nos)];
    await sendAll(ctx.integrations.sms, ctx.db, numbers.map((mobile) => ({ mobile, message: b.message })));
    await audit(ctx, 'text-messages', 'send', null, { count: numbers.length, mobile_nos: numbers, message: b.message });
    return { sent: numbers.length };
  },
});
