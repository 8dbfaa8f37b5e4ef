import { defineModule } from '../../src/shared/resource.js';

/** Simple transport (spec 3): routes with their driver and vehicle written in, and the students on each route. */
export default defineModule({ key: 'simple_transport', title: 'Simple Transportation', icon: 'CarOutlined', link: '/simple-transportation/routes/', order: 79, can_disable: true });
