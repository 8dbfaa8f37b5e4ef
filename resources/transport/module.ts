import { defineModule } from '../../src/shared/resource.js';

/** School transport (spec 3, full): drivers, vehicles, stops on a map, routes and their stops, the students on the buses, trips, and the bus live on a parent's phone. */
export default defineModule({ key: 'transport', title: 'Transportation', icon: 'CarOutlined', link: '/transportation/routes/', order: 78, can_disable: true });
