import apply from '../../schemas/admissions/calls/apply.json' with { type: 'json' };
import feeOrder from '../../schemas/admissions/calls/fee-order.json' with { type: 'json' };
import feeResult from '../../schemas/admissions/calls/fee-result.json' with { type: 'json' };
import guestTokenQuery from '../../schemas/admissions/calls/guest-token-query.json' with { type: 'json' };
import status from '../../schemas/admissions/calls/status.json' with { type: 'json' };
import testOutcome from '../../schemas/fees/calls/test-outcome.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';
import { ROLE_NAMES } from '../../src/shared/roles.js';

/** Spec 4 §8 "Admissions: other" and §5 "Public admission form": why a link opens no form. */
export const LINK_ERRORS = {
  invalid: 'Invalid URL',
  unknownSchool: 'This is invalid URL',
  notOpen: 'Admissions not yet open',
} as const;

/**
 * The public application (spec 4 §2.7, §7 "Public admissions"), for a parent with no login.
 * The share link's code and token give a guest pass (GET /guest/generate-token/); with it the
 * parent uploads the photo and marks cards, submits one application and pays its fee, and
 * nothing else: every guest call is `create` of this resource, which no signed-in role holds,
 * so staff logins cannot use them and a pass cannot use any staff call. The status check needs
 * the application number and the mobile it was made with. The public pages read this file
 * directly (src/client/public/admissions/applyCall.ts), not the staff app's registry.
 */
export default defineResource({
  name: 'admission-apply', module: 'admissions', schema: { type: 'object', properties: {} },
  label: 'Public Application', api: {},
  access: { read: ROLE_NAMES, create: [] },
  messages: {},
  uploads: {
    'admission-photo': {
      permission: 'create', guest: 'admission', types: ['jpg', 'jpeg', 'png'], maxBytes: 2 * 1024 * 1024,
      messages: { type: 'You can only upload JPG/PNG file!', size: 'Image must smaller than 2MB!' },
    },
    'admission-marks-card': {
      permission: 'create', guest: 'admission', types: ['jpg', 'jpeg', 'png', 'pdf'], maxBytes: 5 * 1024 * 1024,
      messages: { type: '{file} file upload failed.' },
    },
  },
  calls: {
    guestToken: {
      call: 'GET /guest/generate-token/', permission: 'read', public: true, rateLimited: true, query: guestTokenQuery,
      errors: LINK_ERRORS,
    },
    submit: {
      call: 'PUT /admissions/applications/', permission: 'create', guest: 'admission', rateLimited: true, payload: apply,
      message: 'Application Submitted',
      errors: {
        ...LINK_ERRORS,
        classNotOpen: 'Class is required!',
        submitted: 'This application is already submitted',
        photo: 'You can only upload JPG/PNG file!',
        marksCard: 'Upload the marks card again',
      },
    },
    feeOrder: {
      call: 'PUT /admissions/application/fees/', permission: 'create', guest: 'admission', rateLimited: true, payload: feeOrder,
      errors: { ...LINK_ERRORS, paid: 'Payment already done!', gateway: 'Payment gateway not found', noFee: 'No Data', notYours: 'No Data', amount: 'The amount must be the application fee' },
    },
    feeResult: {
      call: 'POST /admissions/application/fee/{id}/', permission: 'create', guest: 'admission', rateLimited: true, payload: feeResult,
      message: { paid: 'Payment successful' },
      errors: { ...LINK_ERRORS, paid: 'Payment already done!', gateway: 'Payment gateway not found', notYours: 'No Data', order: 'Order not found' },
    },
    // The built-in test gateway's page, for the parent's own order (no money moves).
    testOrder: { call: 'GET /admissions/apply/test-gateway/{order_id}/', permission: 'create', guest: 'admission', text: ['order_id'], errors: { order: 'Order not found' } },
    testOutcome: {
      call: 'POST /admissions/apply/test-gateway/{order_id}/', permission: 'create', guest: 'admission', text: ['order_id'], payload: testOutcome,
      errors: { order: 'Order not found', paid: 'Payment already done!' },
    },
    status: {
      call: 'POST /admissions/application/status/', permission: 'read', public: true, rateLimited: true, payload: status,
      errors: { none: 'No Data' },
    },
  },
});
