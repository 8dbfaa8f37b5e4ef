import type { ModuleDef } from '../src/shared/resource.js';

/** Every module the product has, in sidebar order. Schools enable and hide them in module settings. */
export const MODULES: ModuleDef[] = [
  { key: 'academics', title: 'Academics', icon: 'ApartmentOutlined', link: '/academics/', can_disable: false },
  { key: 'students', title: 'Students', icon: 'UserOutlined', link: '/students/', can_disable: false },
  { key: 'fees', title: 'Fees', icon: 'WalletOutlined', link: '/fees/items/', can_disable: true },
  { key: 'teachers', title: 'Teachers', icon: 'TeamOutlined', link: '/teachers/', can_disable: true },
];
