import type { FastifyInstance } from 'fastify';
import { ok } from '../../framework/envelope.js';
import { addRoute, type RouteEnv } from '../../framework/route.js';
import { BILL_READERS } from './access.js';
import { registerWebhookRoutes } from './online.js';
import { getFeeSettings } from './settings.js';

/**
 * The fees calls a declaration cannot carry (every other one is declared in resources/fees):
 * - Razorpay's webhook: public (the gateway signs it, no login) and checked over its raw body,
 *   which needs its own body parser in a scope of its own;
 * - GET /settings/fees/: every signed-in reader of bills, whatever their fees module access (the
 *   account Settings page's Fees tab and the parent's online payment read it).
 */
export default function registerFeeRoutes(app: FastifyInstance, env: RouteEnv) {
  addRoute(app, env, { call: 'GET /settings/fees/', roles: BILL_READERS, handler: async (ctx) => ok(await getFeeSettings(ctx.db)) });
  registerWebhookRoutes(app, env);
}
