import type { FastifyInstance } from 'fastify';
import type { RouteEnv } from '../../framework/route.js';

export function registerStudentRecordRoutes(_app: FastifyInstance, _env: RouteEnv) {
  // filled in by the students work
}
