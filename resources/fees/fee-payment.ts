import schema from '../../schemas/fees/fee-payment.json' with { type: 'json' };
import bill from '../../schemas/fees/calls/bill.json' with { type: 'json' };
import discount from '../../schemas/fees/calls/discount.json' with { type: 'json' };
import dueAlert from '../../schemas/fees/calls/due-alert.json' with { type: 'json' };
import installment from '../../schemas/fees/calls/installment.json' with { type: 'json' };
import onlineOrder from '../../schemas/fees/calls/online-order.json' with { type: 'json' };
import onlineResult from '../../schemas/fees/calls/online-result.json' with { type: 'json' };
import refund from '../../schemas/fees/calls/refund.json' with { type: 'json' };
import testOutcome from '../../schemas/fees/calls/test-outcome.json' with { type: 'json' };
import billingQuery from '../../schemas/fees/calls/billing-query.json' with { type: 'json' };
import classReportQuery from '../../schemas/fees/calls/class-report-query.json' with { type: 'json' };
import rangeQuery from '../../schemas/fees/calls/range-query.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';
import { ONLINE_MESSAGES } from '../../src/shared/online-pay.js';

/** The school's fee staff; the bills' create, update and remove permissions say the same. */
const DISCOUNTS_OFF = 'Discounts are not enabled for this school';
/** Why a bill's due alert cannot go (its preview says the same). */
const ALERT_ERRORS = { nothing: 'Nothing is pending on this bill', noMobile: 'The student has no mobile number to send the alert to' };
const NO_YEAR = { year: 'Please select academic year' };

/**
 * Fee bills. A bill, its lines and its installments change together under one lock, in the fees
 * ledger (src/server/modules/fees/ledger.ts); the calls below are the ways in, their handlers in
 * src/server/modules/fees/*.handlers.ts. Parents read their own children's bills only (scope).
 */
export default defineResource({
  name: 'fee-payments', module: 'fees', schema, table: 'fee_payment',
  label: 'Fees', singular: 'Bill', icon: 'WalletOutlined',
  api: {},
  relations: {
    student: { from: 'student_id', resource: 'students', field: 'fullname', keep: 'This student has fee bills; delete those bills first or give the student a TC' },
    ac_year_name: { from: 'ac_year_id', resource: 'acyears', field: 'name' },
    created_fee: { from: 'created_fee_id', resource: 'created-fees', field: 'name' },
  },
  // Reports narrow bills by date, and find a class's bills through its students' year rows.
  indexes: [['timestamp'], ['student_id', 'ac_year_id']],
  pages: {
    pay: {
      route: '/fees/pay/:id', component: 'FeeBilling', permission: 'create',
      calls: ['students.one', 'fee-payments.settings', 'fee-payments.pay'], reads: ['fee-items', 'acyears'],
    },
    // Every role that reads students sees their fee records (spec 1 §6); only fee staff act on a bill.
    records: {
      route: '/fees/records/:id', component: 'FeeRecords', permission: 'read',
      calls: ['fee-payments.history', { call: 'students.mine', roles: ['family'] }],
      buttons: {
        discount: 'fee-payments.discount',
        discountSettings: { call: 'fee-payments.settings', permission: 'update' },
        alert: 'fee-payments.dueAlert',
        alertPreview: 'fee-payments.dueAlertPreview',
        delete: 'fee-payments.remove',
      },
    },
    parentFees: {
      route: '/fees/', component: 'FeeRecords', permission: 'read', roles: ['family'], menu: 'Fees',
      calls: ['students.mine', 'fee-payments.history'],
    },
    receipt: { route: '/fees/receipt/:id', component: 'FeeReceipt', permission: 'read', calls: ['fee-payments.receipt'] },
    refund: { route: '/fees/refund/:id', component: 'FeeRefund', permission: 'update', calls: ['fee-payments.receipt', 'fee-payments.refund'] },
    // Staff pay an installment at the counter; parents (role 1) pay the same bill online.
    installment: {
      route: '/fees/pay/installment/:id', component: 'FeeInstallment', permission: 'read', roles: ['family', 'admins'],
      calls: ['fee-payments.receipt', { call: 'school.feeSettings', roles: ['family'] }, { call: 'fee-payments.onlineOrder', roles: ['family'] }],
      buttons: { pay: 'fee-payments.installment' },
    },
    testGateway: {
      route: '/fees/online/test-gateway/:order', component: 'TestGateway', permission: 'read', roles: ['family'],
      calls: ['fee-payments.testOrder', 'fee-payments.testOutcome', 'fee-payments.onlineResult'],
    },
    reports: {
      route: '/fees/reports/', component: 'FeeReports', permission: 'read', roles: ['admins'], menu: 'Fee Reports',
      calls: ['fee-payments.classReport', 'fee-payments.classList'], reads: ['classes', 'acyears'],
      buttons: { alert: 'fee-payments.yearAlert', alertPreview: 'fee-payments.yearAlertPreview' },
    },
    installmentsReport: { route: '/fees/installments/report', component: 'InstallmentsReport', permission: 'read', roles: ['admins'], calls: ['fee-payments.installmentsReport'] },
    itemStudents: {
      route: '/fees/reports/item', component: 'FeeItemStudents', permission: 'read', roles: ['admins'],
      calls: ['fee-payments.classReport', 'fee-items.one'],
    },
    multiClass: {
      route: '/reports/multi-class/fees', component: 'MultiClassFees', permission: 'read', roles: ['admins'],
      calls: ['fee-payments.classList'], reads: ['classes', 'acyears'],
    },
  },
  scope: { parent: { student: 'student_id' } },
  calls: {
    // Billing (spec 2 §5, §7).
    pay: {
      call: 'PUT /fees/pay/', permission: 'create', payload: bill, message: 'Fees Paid',
      errors: {
        discountsOff: DISCOUNTS_OFF, partialOff: 'Partial payment is not enabled for this school',
        discount: 'Discount cannot be more than the bill amount', total: 'Bill total does not match its items',
        tooMuch: 'Amount Paying can not be greater than Total Amount', payment: 'The payment does not match Amount Paying',
      },
    },
    discount: {
      call: 'PATCH /fees/pay/', permission: 'update', payload: discount, message: 'Fee Discount Updated',
      errors: { discountsOff: DISCOUNTS_OFF },
    },
    remove: { call: 'DELETE /fees/pay/{payment_id}/', permission: 'remove', message: 'Fee Entry Deleted' },
    installment: {
      call: 'PUT /fees/pay/installment/{payment_id}/', permission: 'create', payload: installment, message: 'Fee Installment Paid',
      errors: { future: 'The installment date cannot be in the future' },
    },
    refund: {
      // The spec's own text, spelling included.
      call: 'PUT /fees/refund/', permission: 'update', payload: refund, message: 'Refund Data Updated', errors: { details: 'Transaction Details is requried!', tooMuch: 'Refund amount cannot be greater than amount paid' },
    },
    // Due-alert SMS (spec 2 §7, spec 3 §7): one bill's balance, or every pending balance of a year; the previews send nothing.
    dueAlert: { call: 'GET /fees/due/alert/{payment_id}/', permission: 'update', message: 'Alert SMS Sent', errors: ALERT_ERRORS },
    dueAlertPreview: { call: 'GET /fees/due/alert/{payment_id}/preview/', permission: 'update', errors: ALERT_ERRORS },
    yearAlert: { call: 'POST /fees/due/alert/', permission: 'update', payload: dueAlert, message: 'Alert SMS Sent', errors: NO_YEAR },
    yearAlertPreview: { call: 'POST /fees/due/alert/preview/', permission: 'update', payload: dueAlert, errors: NO_YEAR },
    // Receipts and a student's fee history (spec 2 §7, spec 4): staff, and parents for their own children.
    receipt: { call: 'GET /fees/receipt/{id}/', permission: 'read', scope: { id: 'fee-payments' } },
    history: { call: 'GET /fees/history/{student_id}/', permission: 'read', scope: { student_id: 'students' } },
    // Reports (spec 2 §2, §7; spec 3 multi-class fees).
    classReport: {
      call: 'GET /reports/fees/{class_id}/{ac_year_id}/', permission: 'read', roles: ['admins'], query: classReportQuery,
      errors: { cardItem: 'The cards are for the whole class: leave out the fee item', both: 'Choose a fee item by its id or by its name, not both' },
    },
    classList: { call: 'GET /fees/list/{class_id}/{ac_year_id}/', permission: 'read', roles: ['admins'], query: billingQuery },
    itemsReport: { call: 'GET /reports/fees/items/', permission: 'read', roles: ['admins'], query: rangeQuery },
    installmentsReport: {
      call: 'GET /reports/fees/installments/', permission: 'read', roles: ['admins'], query: rangeQuery, errors: { dates: 'Start and end dates are required!' },
    },
    // Spec 3, admin actions "export": the bills of a year (or one class of it) as a CSV in the file store.
    export: { call: 'GET /export/fees/', permission: 'read', roles: ['admins'], query: rangeQuery, message: 'Export Completed' },
    settings: { call: 'GET /fees/settings/', permission: 'read', roles: ['admins'] },
    // Online payment by parents (spec 4): the order, the gateway's result, and the built-in test gateway's page.
    onlineOrder: {
      call: 'PUT /fees/online/pay/', permission: 'read', roles: ['family'], payload: onlineOrder, scope: { fee_id: 'fee-payments' },
      errors: { notEnabled: ONLINE_MESSAGES.notEnabled, gateway: ONLINE_MESSAGES.gatewayNotFound },
    },
    onlineResult: {
      call: 'POST /fees/online/pay/', permission: 'read', roles: ['family'], payload: onlineResult, scope: { fee_id: 'fee-payments' },
      message: { paid: 'Fee Installment Paid' }, errors: { gateway: ONLINE_MESSAGES.gatewayNotFound },
    },
    testOrder: { call: 'GET /fees/online/test/{order_id}/', permission: 'read', roles: ['family'], text: ['order_id'] },
    testOutcome: {
      call: 'POST /fees/online/test/{order_id}/', permission: 'read', roles: ['family'], text: ['order_id'], payload: testOutcome,
      errors: { paid: 'This order is already paid' },
    },
  },
  access: { read: ['family', 'staff', 'librarian'], create: ['admins'], update: ['admins'], remove: ['admins'] },
  messages: {},
});
