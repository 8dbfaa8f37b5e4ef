/** Where the bus is on its route and when it reaches a stop (src/shared/bus-eta.ts). */
import { expect, it } from 'vitest';
import { CRAWL_MPS, legOf, metres, metresToStop, minutesToStop, recentSpeed, USUAL_MPS } from '../../src/shared/bus-eta.js';

// Four stops about a kilometre apart going north.
const STOPS = [0, 1, 2, 3].map((i) => ({ lat: 12.93 + i * 0.009, lon: 77.62 }));
const at = (s: number) => new Date(Date.UTC(2026, 10, 28, 2, 0, s)).toISOString();

it('measures the earth in metres', () => {
  expect(Math.round(metres({ lat: 12.93, lon: 77.62 }, { lat: 12.939, lon: 77.62 }))).toBe(1001);
  expect(metres(STOPS[0]!, STOPS[0]!)).toBe(0);
});

it('finds the leg the bus is on and the distance left along the stops', () => {
  const bus = { lat: 12.9345, lon: 77.62 };
  expect(legOf(bus, STOPS)).toBe(0);
  expect(Math.round(metresToStop(bus, STOPS, 2)!)).toBe(Math.round(metres(bus, STOPS[1]!) + metres(STOPS[1]!, STOPS[2]!)));
  // Passed: the stop it left behind.
  expect(metresToStop({ lat: 12.944, lon: 77.62 }, STOPS, 0)).toBeNull();
  // Standing at the stop is not passing it.
  expect(metresToStop(STOPS[1]!, STOPS, 1)).toBe(0);
});

it('takes the recent speed from the phone, else from the distance covered, never below a crawl', () => {
  expect(recentSpeed([])).toBe(USUAL_MPS);
  expect(recentSpeed([{ ...STOPS[0]!, speed: 10, recorded_at: at(0) }, { ...STOPS[0]!, speed: 6, recorded_at: at(5) }])).toBe(8);
  // 1 km in 100 s, no readings: 10 m/s.
  expect(Math.round(recentSpeed([{ ...STOPS[0]!, recorded_at: at(0) }, { ...STOPS[1]!, recorded_at: at(100) }]))).toBe(10);
  // Stopped in traffic: a crawl, not forever.
  expect(recentSpeed([{ ...STOPS[0]!, speed: 0, recorded_at: at(0) }])).toBe(CRAWL_MPS);
  // Readings older than two minutes before the newest do not count.
  expect(recentSpeed([{ ...STOPS[0]!, speed: 30, recorded_at: at(0) }, { ...STOPS[0]!, speed: 5, recorded_at: at(200) }])).toBe(5);
});

it('says the minutes to a stop from the positions, and null once passed', () => {
  const fixes = [{ ...STOPS[0]!, speed: 10, recorded_at: at(0) }];
  // About 2 km at 10 m/s: a little over 3 minutes.
  expect(minutesToStop(fixes, STOPS, 2)).toBe(3);
  expect(minutesToStop([{ lat: 12.95, lon: 77.62, speed: 10, recorded_at: at(0) }], STOPS, 0)).toBeNull();
  expect(minutesToStop([], STOPS, 2)).toBeNull();
});
