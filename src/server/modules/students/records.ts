import type { FastifyInstance } from 'fastify';
import type { RouteEnv } from '../../framework/route.js';
import { registerAttendanceRoutes } from './attendance.js';
import { registerStudentListRoutes } from './lists.js';
import { registerStudentReportRoutes } from './reports.js';
import { registerTextMessageRoutes } from './text-messages.js';
import { registerStudentUserRoutes } from './users-routes.js';

/**
 * The student record calls a declaration cannot say: lists by class and year, search, the
 * student and details pages, next numbers, attendance corrections, logins, profile items,
 * delete with a reason, text messages, user pickers and the app-users report.
 */
export function registerStudentRecordRoutes(app: FastifyInstance, env: RouteEnv) {
  registerStudentListRoutes(app, env);
  registerAttendanceRoutes(app, env);
  registerStudentUserRoutes(app, env);
  registerTextMessageRoutes(app, env);
  registerStudentReportRoutes(app, env);
}
