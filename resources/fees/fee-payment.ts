import schema from '../../schemas/fees/fee-payment.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * Fee bills. Every call on them is hand-written (src/server/modules/fees) because a bill, its
 * lines and its installments change together under one lock; this declaration gives the table,
 * the screens and who may open them. Parents (role 1) read their own children's bills only.
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
      calls: ['GET /student/{id}/', 'GET /fees/settings/', 'PUT /fees/pay/'], reads: ['fee-items', 'acyears'],
    },
    // Every role that reads students sees their fee records (spec 1 §6); only fee staff act on a bill.
    records: {
      route: '/fees/records/:id', component: 'FeeRecords', permission: 'read',
      calls: ['GET /fees/history/{student_id}/', { call: 'GET /students-list/', roles: ['parent'] }],
      buttons: {
        discount: { call: 'PATCH /fees/pay/', permission: 'update' },
        discountSettings: { call: 'GET /fees/settings/', permission: 'update' },
        alert: { call: 'GET /fees/due/alert/{payment_id}/', permission: 'update' },
        alertPreview: { call: 'GET /fees/due/alert/{payment_id}/preview/', permission: 'update' },
        delete: { call: 'DELETE /fees/pay/{payment_id}/', permission: 'remove' },
      },
    },
    parentFees: {
      route: '/fees/', component: 'FeeRecords', permission: 'read', roles: ['parent'], menu: 'Fees',
      calls: ['GET /students-list/', 'GET /fees/history/{student_id}/'],
    },
    receipt: { route: '/fees/receipt/:id', component: 'FeeReceipt', permission: 'read', calls: ['GET /fees/receipt/{id}/'] },
    refund: { route: '/fees/refund/:id', component: 'FeeRefund', permission: 'update', calls: ['GET /fees/receipt/{id}/', 'PUT /fees/refund/'] },
    // Staff pay an installment at the counter; parents (role 1) pay the same bill online.
    installment: {
      route: '/fees/pay/installment/:id', component: 'FeeInstallment', permission: 'read', roles: ['parent', 'admin', 'super_admin'],
      calls: ['GET /fees/receipt/{id}/', { call: 'GET /settings/fees/', roles: ['parent'] }, { call: 'PUT /fees/online/pay/', roles: ['parent'] }],
      buttons: { pay: { call: 'PUT /fees/pay/installment/{payment_id}/', permission: 'create' } },
    },
    testGateway: {
      route: '/fees/online/test-gateway/:order', component: 'TestGateway', permission: 'read', roles: ['parent'],
      calls: ['GET /fees/online/test/{order}/', 'POST /fees/online/test/{order}/', 'POST /fees/online/pay/'],
    },
    reports: {
      route: '/fees/reports/', component: 'FeeReports', permission: 'read', roles: ['admin', 'super_admin'], menu: 'Fee Reports',
      calls: ['GET /reports/fees/{class_id}/{ac_year_id}/', 'GET /fees/list/{class_id}/{ac_year_id}/'], reads: ['classes', 'acyears'],
      buttons: {
        alert: { call: 'POST /fees/due/alert/', permission: 'update' },
        alertPreview: { call: 'POST /fees/due/alert/preview/', permission: 'update' },
      },
    },
    installmentsReport: { route: '/fees/installments/report', component: 'InstallmentsReport', permission: 'read', roles: ['admin', 'super_admin'], calls: ['GET /reports/fees/installments/'] },
    itemStudents: {
      route: '/fees/reports/item', component: 'FeeItemStudents', permission: 'read', roles: ['admin', 'super_admin'],
      calls: ['GET /reports/fees/{class_id}/{ac_year_id}/', 'GET /fees/item/{id}/'],
    },
    multiClass: {
      route: '/reports/multi-class/fees', component: 'MultiClassFees', permission: 'read', roles: ['admin', 'super_admin'],
      calls: ['GET /fees/list/{class_id}/{ac_year_id}/'], reads: ['classes', 'acyears'],
    },
  },
  access: { read: ['parent', 'teacher', 'admin', 'super_admin', 'librarian'], create: ['admin', 'super_admin'], update: ['admin', 'super_admin'], remove: ['admin', 'super_admin'] },
  messages: {},
});
