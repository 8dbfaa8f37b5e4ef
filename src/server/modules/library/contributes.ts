import { defineContributions } from '../../framework/contributions.js';

export default defineContributions({
  demo: [{ order: 150, seed: async (d) => (await import('./demo-seed.js')).seedDemoLibrary(d.ctx, { librarianUserId: d.users.librarian }) }],
});
