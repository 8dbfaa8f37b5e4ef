import { defineModule } from '../../src/shared/resource.js';

export default defineModule({ key: 'fees', title: 'Fees', icon: 'WalletOutlined', link: '/fees/items/', order: 30, can_disable: true });
