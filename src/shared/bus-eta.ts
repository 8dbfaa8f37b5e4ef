/**
 * Where a school bus is on its route and when it reaches a stop, from its positions and the
 * route's stops in order. The server runs it for the approaching notice and the parent's phone
 * for its estimate, so both say the same.
 */
export interface Point { lat: number; lon: number }
export interface Fix extends Point { speed?: number | null; recorded_at: string }

const EARTH_M = 6_371_000;
const rad = (d: number) => (d * Math.PI) / 180;

/** Metres between two points on the earth (haversine). */
export function metres(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A bus slower than this is in traffic or at a stop: the estimate uses this instead (about 11 km/h). */
export const CRAWL_MPS = 3;
/** Without recent positions the estimate assumes a town bus's usual 20 km/h. */
export const USUAL_MPS = 20 / 3.6;
/** Positions older than this before the newest one make the recent speed. */
export const RECENT_MS = 120_000;
/** A position older than this is not where the bus is: the parent's phone says so. */
export const STALE_MS = 60_000;
/** The family is told once a trip when the bus is about this far from their stop. */
export const APPROACH_MINUTES = 10;

/**
 * The bus's recent speed in metres a second: the phone's own readings over the last two minutes
 * when it gives them, else the distance it covered in that time; never below a crawl.
 */
export function recentSpeed(fixes: readonly Fix[]): number {
  if (!fixes.length) return USUAL_MPS;
  const newest = Date.parse(fixes[fixes.length - 1]!.recorded_at);
  const recent = fixes.filter((f) => newest - Date.parse(f.recorded_at) <= RECENT_MS);
  const readings = recent.map((f) => f.speed).filter((s): s is number => typeof s === 'number');
  let speed: number;
  if (readings.length) speed = readings.reduce((a, b) => a + b, 0) / readings.length;
  else if (recent.length > 1) {
    let d = 0;
    for (let i = 1; i < recent.length; i++) d += metres(recent[i - 1]!, recent[i]!);
    const secs = (newest - Date.parse(recent[0]!.recorded_at)) / 1000;
    speed = secs > 0 ? d / secs : USUAL_MPS;
  } else return USUAL_MPS;
  return Math.max(CRAWL_MPS, speed);
}

/**
 * The leg of the route the bus is on: the index of the stop it left last (the pair of stops whose
 * detour through the bus is shortest). -1 before the first stop is reached is not told apart.
 */
export function legOf(bus: Point, stops: readonly Point[]): number {
  let best = 0;
  let bestDetour = Infinity;
  for (let i = 0; i + 1 < stops.length; i++) {
    const detour = metres(stops[i]!, bus) + metres(bus, stops[i + 1]!) - metres(stops[i]!, stops[i + 1]!);
    if (detour < bestDetour) { bestDetour = detour; best = i; }
  }
  return best;
}

/**
 * Metres the bus still has to go to the stop at `target` along the route's stops in order
 * (straight lines between them), or null once the bus has passed it.
 */
export function metresToStop(bus: Point, stops: readonly Point[], target: number): number | null {
  if (target < 0 || target >= stops.length) return null;
  if (stops.length === 1) return metres(bus, stops[0]!);
  const leg = legOf(bus, stops);
  if (target <= leg) {
    // On the leg leaving the target: passed, unless the bus is still right at it.
    return metres(bus, stops[target]!) < 50 ? 0 : null;
  }
  let d = metres(bus, stops[leg + 1]!);
  for (let i = leg + 1; i < target; i++) d += metres(stops[i]!, stops[i + 1]!);
  return d;
}

/** Whole minutes until the bus reaches the stop at `target`, or null once it has passed it. */
export function minutesToStop(fixes: readonly Fix[], stops: readonly Point[], target: number): number | null {
  const bus = fixes[fixes.length - 1];
  if (!bus) return null;
  const d = metresToStop(bus, stops, target);
  if (d === null) return null;
  return Math.round(d / recentSpeed(fixes) / 60);
}
