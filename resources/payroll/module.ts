import { defineModule } from '../../src/shared/resource.js';

/** Simple payroll (spec 2): salary structures, a payroll entry per employee and month, payslips and their payment. */
export default defineModule({ key: 'payroll', title: 'Payroll', icon: 'WalletOutlined', link: '/payroll/', order: 72, can_disable: true });
