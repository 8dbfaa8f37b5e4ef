import type { FastifyInstance } from 'fastify';
import { ok } from '../../framework/envelope.js';
import { addRoute, type RouteEnv } from '../../framework/route.js';
import { audit } from '../../framework/service.js';
import { assertValid, compile } from '../../framework/validation.js';
import { MOBILE_PATTERN } from '../../../shared/mobile.js';
import { EDITORS } from './lists.js';
import { sendAll } from '../../integrations/sms/index.js';

/** Text messages (SMS) to the mobiles picked on the student list, through the school's SMS provider. */

export const MAX_TEXT_RECIPIENTS = 500;
export const MAX_TEXT_LENGTH = 1000;

export const textMessagePayload = {
  type: 'object',
  properties: {
    mobile_nos: {
      type: 'array', title: 'Mobile Nos', minItems: 1, maxItems: MAX_TEXT_RECIPIENTS,
      items: { type: 'string', title: 'Mobile', pattern: MOBILE_PATTERN, errorMessage: 'Each mobile number must be 10 digits starting with 6, 7, 8 or 9' },
      errorMessage: { minItems: 'Mobile Nos is required!', maxItems: `At most ${MAX_TEXT_RECIPIENTS} mobile numbers at a time`, type: 'Mobile Nos is required!' },
    },
    message: {
      type: 'string', title: 'Message', minLength: 1, maxLength: MAX_TEXT_LENGTH, pattern: '\\S',
      errorMessage: { minLength: 'Message is required!', pattern: 'Message is required!', maxLength: `Message must be at most ${MAX_TEXT_LENGTH} characters`, type: 'Message is required!' },
    },
  },
  required: ['mobile_nos', 'message'],
  additionalProperties: false,
  errorMessage: { required: { mobile_nos: 'Mobile Nos is required!', message: 'Message is required!' } },
};
const validateTextMessage = compile(textMessagePayload);

export function registerTextMessageRoutes(app: FastifyInstance, env: RouteEnv) {
  addRoute(app, env, {
    call: 'PUT /text-message/', roles: EDITORS, module: 'students', perm: 'create',
    handler: async (ctx, req) => {
      assertValid(validateTextMessage, textMessagePayload, req.body);
      const b = req.body as { mobile_nos: string[]; message: string };
      const numbers = [...new Set(b.mobile_nos)];
      await sendAll(ctx.integrations.sms, ctx.db, numbers.map((mobile) => ({ mobile, message: b.message })));
      await audit(ctx, 'text-messages', 'send', null, { count: numbers.length, mobile_nos: numbers, message: b.message });
      return ok({ sent: numbers.length }, 'Messages Sent');
    },
  });
}
