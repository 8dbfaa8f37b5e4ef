import { afterAll, beforeAll, expect, test } from 'vitest';
import { api } from '../support/process.js';
import { startCluster, type Cluster } from '../support/cluster.js';

let c: Cluster;
beforeAll(async () => { c = await startCluster(); });
afterAll(async () => { await c?.stop(); });

test('two servers answer for the same school on one PostgreSQL', async () => {
  for (const s of c.servers) {
    const r = await api(s.base, `GET /api/${c.school.code}/auth/`, undefined, c.school.tokens['3']);
    expect(r.status).toBe(200);
  }
});
