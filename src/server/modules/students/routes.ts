import type { FastifyInstance } from 'fastify';
import type { RouteEnv } from '../../framework/route.js';
import { registerImportExportRoutes } from './import-export.js';
import { registerPromotionRoutes } from './promotion.js';
import { registerStudentRecordRoutes } from './records.js';

/** The students calls a declaration cannot say: lists by year, search, details, users, import, promotion. */
export default function registerStudentRoutes(app: FastifyInstance, env: RouteEnv) {
  registerStudentRecordRoutes(app, env);
  registerImportExportRoutes(app, env);
  registerPromotionRoutes(app, env);
}
