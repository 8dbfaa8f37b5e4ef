import { defineModule } from '../../src/shared/resource.js';

/** Simple accounts (spec 2): a plain ledger of credits and debits, simple expenses, and the simple finance dashboard and reports. */
export default defineModule({ key: 'simple_accounts', title: 'Accounts', icon: 'AccountBookOutlined', link: '/accounts/', order: 74, can_disable: true });
