import type { FastifyInstance } from 'fastify';
import type { RouteEnv } from '../../framework/route.js';
import { registerAlertRoutes } from './alerts.js';
import { registerBillingRoutes } from './billing.js';
import { registerCreatedFeeRoutes } from './created-fees.js';
import { registerFeeExportRoutes } from './export.js';
import { registerHistoryRoutes } from './history.js';
import { registerOnlinePaymentRoutes } from './online.js';
import { registerFeeReportRoutes } from './reports.js';
import { registerFeeSettingsRoutes } from './settings.js';

/** The fees calls a declaration cannot say: bills, installments, refunds, receipts, alerts, reports and online payment. */
export default function registerFeeRoutes(app: FastifyInstance, env: RouteEnv) {
  registerFeeSettingsRoutes(app, env);
  registerBillingRoutes(app, env);
  registerHistoryRoutes(app, env);
  registerAlertRoutes(app, env);
  registerFeeReportRoutes(app, env);
  registerFeeExportRoutes(app, env);
  registerCreatedFeeRoutes(app, env);
  registerOnlinePaymentRoutes(app, env);
}
