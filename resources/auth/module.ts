import { defineModule } from '../../src/shared/resource.js';

/** Signing in and out, passwords, and what the signed-in person's shell starts with. Every school has it. */
export default defineModule({ key: 'auth', title: 'Account', core: true });
