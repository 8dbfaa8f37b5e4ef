import type { FastifyInstance } from 'fastify';
import type { RouteEnv } from '../../framework/route.js';

export function registerImportExportRoutes(_app: FastifyInstance, _env: RouteEnv) {
  // filled in by the students work
}
