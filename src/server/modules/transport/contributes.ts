import { defineContributions } from '../../framework/contributions.js';
import type { BusPosition } from './live.js';

declare module '../../realtime/hub.js' {
  interface PushEvents {
    /** A running bus's new position, to the families of its route's students and the admins. */
    bus_position: BusPosition;
    /** A trip of a route started or ended. */
    bus_trip: { trip_id: number; route_id: number; running: boolean };
  }
}

/** How often the positions past the school's keeping time are deleted. */
const CLEANUP_EVERY_MS = 6 * 3_600_000;

export default defineContributions({
  jobs: [{
    name: 'bus-positions-cleanup', everyMs: CLEANUP_EVERY_MS, firstAfterMs: 60_000,
    run: async (env) => (await import('./cleanup.js')).cleanUpPositions(env),
  }],
  demo: [{ order: 162, seed: async (d) => (await import('./demo-seed.js')).seedDemoTransport(d) }],
});
