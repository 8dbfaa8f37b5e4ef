import { defineHandlers } from '../../framework/calls.js';
import * as service from '../../framework/service.js';
import { items, type Values } from '../../framework/items.js';
import type { Application } from '../../../generated/entities/admissions.js';

/**
 * The office's status call (PATCH /admissions/application/status/): the application status and
 * the payment status are set freely (spec 3 §4), except that an application with an online
 * payment record keeps the payment status the payment gave it. The row is locked so a payment
 * arriving at the same moment is either seen or waits.
 */
export default defineHandlers('applications', {
  status: async (ctx, { body }) => service.inTransaction(ctx, async (tx) => {
    const app = await tx.db.selectFrom('adm_application').select(['id', 'status', 'payment_status', 'fee_payment'])
      .where('id', '=', body.application_id).forUpdate().executeTakeFirstOrThrow();
    const changes: Values<Application> = {};
    if (body.application_status !== undefined) changes.status = body.application_status;
    if (body.payment_status !== undefined && body.payment_status !== app.payment_status) {
      if (app.fee_payment) throw tx.fail('paidOnline', 409);
      changes.payment_status = body.payment_status;
    }
    const row = await items(tx, 'applications').update(app.id, changes, { action: 'status' });
    return { application_id: row.id, application_status: row.status, payment_status: row.payment_status };
  }),
});
