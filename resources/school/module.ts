import { defineModule } from '../../src/shared/resource.js';

/** The school itself: its details, configuration and module switches. Every school has it. */
export default defineModule({ key: 'school', title: 'School', core: true });
