/**
 * The login limiter on two real servers: with REDIS_URL the attempts on both count together
 * (src/server/cluster/rate-limit.ts), so a guesser who spreads them over the servers behind a
 * load balancer gets AUTH_RATE_LIMIT tries in all, not that many on each.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { api } from '../support/process.js';
import { PASSWORD } from '../support/app.js';
import { startCluster, type Cluster } from '../support/cluster.js';

const LIMIT = 5;
const TOO_MANY = { success: false, error: 'Too many attempts, please wait a minute and try again' };

let c: Cluster;
beforeAll(async () => { c = await startCluster({ env: { AUTH_RATE_LIMIT: String(LIMIT) } }); });
afterAll(async () => { await c?.stop(); });

test('wrong passwords sent to server A and B in turn are refused after the limit in all', async () => {
  const email = `guess@${c.school.code.toLowerCase()}.test`;
  const statuses: number[] = [];
  let last: Awaited<ReturnType<typeof api>> | null = null;
  for (let i = 0; i < LIMIT + 2; i++) {
    last = await api(c.servers[i % 2]!.base, `POST /api/${c.school.code}/login/`, { email, password: 'wrong' });
    statuses.push(last.status);
  }
  // Three tries on each server would pass if each counted alone.
  expect(statuses).toEqual([...Array(LIMIT).fill(401), 429, 429]);
  expect(last!.body).toMatchObject(TOO_MANY);
  // Another account from the same client is not locked out by the guesses, on either server.
  for (const s of c.servers) {
    const ok = await api(s.base, `POST /api/${c.school.code}/login/`, { email: `teacher@${c.school.code.toLowerCase()}.test`, password: PASSWORD });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  }
});
