import expenseReportQuery from '../../schemas/finance/calls/expense-report-query.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * The finance module's dashboard and expense reports (spec 2): read-only views over the
 * expenses, their installments, the accounts and the fee bills, summed by the database
 * (src/server/modules/finance/reports.ts). The print views take the report the screen before
 * them shows, print it after 300 ms and go back.
 */
export default defineResource({
  name: 'finance-reports', module: 'finance', schema: { type: 'object', properties: {} },
  label: 'Finance Reports', singular: 'Report', icon: 'BarChartOutlined',
  api: {},
  access: { read: ['admins'] },
  messages: {},
  calls: {
    dashboard: { call: 'GET /finance/reports/finance-dashboard/', permission: 'read' },
    expense: {
      call: 'GET /reports/expense/', permission: 'read', query: expenseReportQuery,
      errors: { type: 'Report type is required!' },
    },
  },
  pages: {
    dashboard: { route: '/finance/', component: 'FinanceDashboard', permission: 'read', menu: 'Dashboard', calls: ['finance-reports.dashboard'] },
    reports: {
      route: '/finance/reports/', component: 'ExpenseReports', permission: 'read', menu: 'Reports',
      calls: ['finance-reports.expense'],
    },
    transactions: {
      route: '/finance/expense/reports', component: 'ExpenseTransactions', permission: 'read', menu: 'Expense Reports',
      calls: ['finance-reports.expense'], reads: ['finance-expense-categories', 'finance-payment-modes', 'finance-accounts', 'finance-vendors'],
    },
    // The print views are handed the report by the screen before them; they read only the school's heading.
    print: { route: '/finance/reports/expense/print', component: 'ExpenseReportPrint', permission: 'read', calls: ['school.about'] },
    transactionsPrint: { route: '/finance/reports/expense/transactions/print', component: 'ExpenseTransactionsPrint', permission: 'read', calls: ['school.about'] },
  },
});
