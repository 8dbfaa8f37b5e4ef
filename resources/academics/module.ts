import { defineModule } from '../../src/shared/resource.js';

export default defineModule({ key: 'academics', title: 'Academics', icon: 'ApartmentOutlined', link: '/academics/', order: 10, can_disable: false });
