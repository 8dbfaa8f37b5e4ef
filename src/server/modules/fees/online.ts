import type { FastifyInstance } from 'fastify';
import type { RouteEnv } from '../../framework/route.js';

// Placeholder: filled in by the work on this part of the fees module.
export function registerOnlinePaymentRoutes(_app: FastifyInstance, _env: RouteEnv) {}
