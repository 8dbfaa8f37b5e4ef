/** Two servers on one PostgreSQL and one Redis serve the same school, and what one changes the other knows at once. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startCluster, type Cluster } from '../support/cluster.js';

let c: Cluster;
beforeAll(async () => { c = await startCluster(); });
afterAll(async () => { await c?.stop(); });


test('a module switched off through A is refused through B at once, and back on', async () => {
  // B has read the school's switches (and keeps them a few seconds) before the change.
  expect((await c.call(1, 'GET /library/books/')).status).toBe(200);
  expect((await c.call(0, 'POST /settings/modules/', { modules: [{ module_key: 'library', enabled: false, hidden: false }] })).status).toBe(200);
  // The others are told through Redis; a little time for the message, far less than the cache's seconds.
  const refused = async () => (await c.call(1, 'GET /library/books/')).status === 403;
  const deadline = Date.now() + 500;
  while (!(await refused()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  expect((await c.call(1, 'GET /library/books/')).status).toBe(403);
  expect((await c.call(1, 'POST /settings/modules/', { modules: [{ module_key: 'library', enabled: true, hidden: false }] })).status).toBe(200);
  const back = Date.now() + 500;
  while ((await c.call(0, 'GET /library/books/')).status !== 200 && Date.now() < back) await new Promise((r) => setTimeout(r, 20));
  expect((await c.call(0, 'GET /library/books/')).status).toBe(200);
});
