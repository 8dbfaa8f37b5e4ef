import { defineContributions } from '../../framework/contributions.js';
import type { latestApplications } from './applications-dashboard.js';
import type { latestLeads } from './leads-dashboard.js';

declare module '../../framework/contributions.js' {
  interface AdminDashboardSections {
    latest_leads: Awaited<ReturnType<typeof latestLeads>>;
    latest_admission_applications: Awaited<ReturnType<typeof latestApplications>>;
  }
}

export default defineContributions({
  demo: [
    { order: 160, seed: async (d) => (await import('./demo-seed.js')).seedDemoAdmissions(d.ctx) },
    // Applications made on the public page, one of them paid online.
    { order: 170, seed: async (d) => (await import('./demo-seed-public.js')).seedDemoAdmissionsPublic(d.ctx) },
  ],
  // The admin's dashboard lists the newest leads and applications.
  adminDashboard: {
    latest_leads: async (ctx) => (await import('./leads-dashboard.js')).latestLeads(ctx.db),
    latest_admission_applications: async (ctx) => (await import('./applications-dashboard.js')).latestApplications(ctx.db),
  },
});
