/**
 * Chat across two servers on one PostgreSQL and one Redis: a message posted by a teacher connected
 * to server A reaches an admin connected to server B through the Redis adapter, the seen mark goes
 * back the other way, and a message resent through the other server after a lost answer is stored
 * and delivered once.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startCluster, type Cluster } from '../support/cluster.js';
import { connectSocket, type TestSocket } from '../support/sockets.js';

let c: Cluster;
const sockets: TestSocket[] = [];
const connect = async (server: number, token: string) => {
  const s = await connectSocket(c.servers[server]!.base, c.school.code, { token });
  sockets.push(s);
  return s;
};
const ack = (s: TestSocket, event: string, payload: unknown) => s.socket.timeout(5000).emitWithAck(event, payload) as Promise<{ success: boolean; data?: any; error?: string }>;

beforeAll(async () => { c = await startCluster(); });
afterAll(async () => {
  for (const s of sockets) s.close();
  await c?.stop();
});

test('a message sent through server A reaches its recipient on server B, and the seen mark comes back', async () => {
  const teacherOnA = await connect(0, c.school.tokens['2']);
  const adminOnB = await connect(1, c.school.tokens['3']);
  const id = crypto.randomBytes(9).toString('base64url');
  const sent = await ack(teacherOnA, 'post', { id, user_id: c.school.users['3'], message: 'Across the servers' });
  expect(sent.success).toBe(true);
  expect(await adminOnB.next('message_received')).toMatchObject({ id: sent.data.id, message: 'Across the servers', from: { id: c.school.users['2'] } });

  await ack(adminOnB, 'seen', { user_id: c.school.users['2'] });
  expect(await teacherOnA.next('messages')).toMatchObject({ user_id: c.school.users['3'], messages: [{ id: sent.data.id, status: 2 }] });

  // The answer was lost and the browser, reconnected to B, sends the same message again.
  const teacherOnB = await connect(1, c.school.tokens['2']);
  const again = await ack(teacherOnB, 'post', { id, user_id: c.school.users['3'], message: 'Across the servers' });
  expect(again.data.id).toBe(sent.data.id);
  await new Promise((r) => setTimeout(r, 500));
  expect(adminOnB.received.filter((r) => r.event === 'message_received' && r.data.client_id === id)).toHaveLength(1);
  const stored = (await c.call(0, `GET /chat/${c.school.users['2']}/`, undefined, c.school.tokens['3'])).body.data as Array<{ client_id: string }>;
  expect(stored.filter((m) => m.client_id === id)).toHaveLength(1);
});
