import type { FastifyInstance } from 'fastify';
import type { RouteEnv } from '../../framework/route.js';
import { registerWebhookRoutes } from './online.js';

/**
 * The one fees call a declaration cannot carry (every other one is declared in resources/):
 * Razorpay's webhook is public (the gateway signs it, no login) and checked over its raw body,
 * which needs its own body parser in a scope of its own.
 */
export default function registerFeeRoutes(app: FastifyInstance, env: RouteEnv) {
  registerWebhookRoutes(app, env);
}
