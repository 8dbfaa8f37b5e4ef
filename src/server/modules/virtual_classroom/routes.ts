import type { FastifyInstance } from 'fastify';
import type { RouteEnv } from '../../framework/route.js';
import { registerUploadRoutes } from './uploads.js';

/**
 * What a declaration cannot carry: the class video's bytes, PUT in parts to the address that
 * PUT /upload/ answers (raw bytes, not JSON), and served back with Range requests.
 */
export default function registerVirtualClassroomRoutes(app: FastifyInstance, env: RouteEnv) {
  registerUploadRoutes(app, env);
}
