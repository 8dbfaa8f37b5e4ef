import { defineModule } from '../../src/shared/resource.js';

/** The school's books (spec 2, finance module): accounts, vendors, expenses, inventory, deposits and transfers. */
export default defineModule({ key: 'finance', title: 'Finance', icon: 'BankOutlined', link: '/finance/', order: 76, can_disable: true });
