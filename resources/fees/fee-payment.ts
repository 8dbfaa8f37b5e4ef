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
    pay: { route: '/fees/pay/:id', component: 'FeeBilling', permission: 'create' },
    records: { route: '/fees/records/:id', component: 'FeeRecords', permission: 'read' },
    parentFees: { route: '/fees/', component: 'FeeRecords', permission: 'read', roles: [1], menu: 'Fees' },
    receipt: { route: '/fees/receipt/:id', component: 'FeeReceipt', permission: 'read' },
    refund: { route: '/fees/refund/:id', component: 'FeeRefund', permission: 'update' },
    installment: { route: '/fees/pay/installment/:id', component: 'FeeInstallment', permission: 'read' },
    testGateway: { route: '/fees/online/test-gateway/:order', component: 'TestGateway', permission: 'read', roles: [1] },
    reports: { route: '/fees/reports/', component: 'FeeReports', permission: 'read', roles: [3, 4], menu: 'Fee Reports' },
    installmentsReport: { route: '/fees/installments/report', component: 'InstallmentsReport', permission: 'read', roles: [3, 4] },
    itemStudents: { route: '/fees/reports/item', component: 'FeeItemStudents', permission: 'read', roles: [3, 4] },
    multiClass: { route: '/reports/multi-class/fees', component: 'MultiClassFees', permission: 'read', roles: [3, 4] },
  },
  access: { read: [1, 3, 4], create: [3, 4], update: [3, 4], remove: [3, 4] },
  messages: {},
});
