/**
 * The embedded store through a power cut, simulated: every write, fsync, create, rename,
 * truncate and unlink the store makes is recorded while commits are acknowledged; then, for
 * many cut points, a directory is rebuilt holding only what had reached the disk at that point
 * (a file's writes once that file was fsynced; names once any fsync committed the file system's
 * journal, as ext4 does; at some cuts also the first sectors of the last write, torn), the store
 * is opened on it, and it must start and hold every commit
 * acknowledged before the cut, its index agreeing with its table.
 * POWER_CUT_POINTS sets how many cut points (CI: 24; a longer run: POWER_CUT_POINTS=300).
 * A control run with PGlite's own settings (fsync off) must lose acknowledged commits, so the
 * simulation is known to catch a loss.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DurableNodeFS, durableStartParams, syncTree, type FsEvent } from '../../src/server/db/durable-fs.js';

const POINTS = Number(process.env.POWER_CUT_POINTS ?? 24);
const COMMITS = 60;

type Event = FsEvent | { op: 'ack'; value: string };
type DataOp = { write: Buffer; at: number } | { truncate: number };
interface Inode { origin: string | null; ops: DataOp[]; durable: number }

const dirs: string[] = [];
const tmp = (prefix: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(d);
  return d;
};

/** A closed, synced store with the table the workload writes. */
let base: string;

beforeAll(async () => {
  const root = tmp('power-cut-base-');
  base = path.join(root, 'pgdata');
  const template = process.env.DATABASE_URL ? '' : inject('pgliteTemplate');
  if (template) fs.cpSync(path.join(template, 'pgdata'), base, { recursive: true });
  const pg = await PGlite.create({ fs: new DurableNodeFS(base), startParams: durableStartParams() });
  await pg.exec('create table if not exists acked (id serial primary key, v text not null unique, pad text)');
  await pg.close();
  syncTree(base);
}, 120_000);

afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** Runs the workload on a copy of the base with every file-system event recorded, and answers them. */
async function record(durable: boolean): Promise<{ events: Event[]; dir: string }> {
  const dir = path.join(tmp('power-cut-run-'), 'pgdata');
  fs.cpSync(base, dir, { recursive: true });
  const events: Event[] = [];
  let on = true;
  const pg = await PGlite.create({
    fs: new DurableNodeFS(dir, (e) => { if (on) events.push(e); }),
    startParams: durable ? durableStartParams() : (PGlite as any).defaultStartParams,
  });
  for (let i = 0; i < COMMITS; i++) {
    const value = `c${i}`;
    // Some commits are big (many pages), one forces a checkpoint: data files, the control file and WAL recycling all happen.
    await pg.query('insert into acked (v, pad) select $1, repeat(md5(g::text), $2) from generate_series(1, 1) g', [value, i % 10 === 3 ? 200 : 1]);
    if (i % 10 === 3) await pg.exec(`insert into acked (v, pad) select 'bulk${i}-' || g, repeat('x', 500) from generate_series(1, 300) g`);
    if (i === COMMITS / 2) await pg.exec('checkpoint');
    events.push({ op: 'ack', value });
  }
  on = false; // the power goes: nothing after this reaches the disk
  await pg.close();
  return { events, dir };
}

/**
 * The directory as the disk holds it after a cut before events[cut]. With `tear`, the last write
 * before the cut, if it was not yet fsynced, reached the disk in part: its first 512-byte sectors.
 */
function afterCut(events: Event[], cut: number, runDir: string, tear = false): { disk: string; torn: boolean } {
  const rel = (p: string) => path.relative(runDir, p);
  const inodes: Inode[] = [];
  const fresh = (origin: string | null) => inodes.push({ origin, ops: [], durable: 0 }) - 1;
  const names = new Map<string, number>();
  const walk = (d: string, prefix = '') => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const r = path.join(prefix, e.name);
      if (e.isDirectory()) walk(path.join(d, e.name), r);
      else names.set(r, fresh(r));
    }
  };
  walk(base);
  const durable = new Map(names);
  let pending: Array<(m: Map<string, number>) => void> = [];
  const meta = (f: (m: Map<string, number>) => void) => {
    f(names);
    pending.push(f);
  };
  const fds = new Map<number, number | 'dir'>();
  const writer = new Map<Buffer, number>();
  const commitJournal = () => {
    for (const f of pending) f(durable);
    pending = [];
  };
  const moveUnder = (m: Map<string, number>, from: string, to: string) => {
    for (const [k, v] of [...m]) {
      if (k === from || k.startsWith(`${from}/`)) {
        m.delete(k);
        m.set(to + k.slice(from.length), v);
      }
    }
  };
  for (const e of events.slice(0, cut)) {
    switch (e.op) {
      case 'create': {
        if (e.dir) break;
        const id = fresh(null);
        meta((m) => m.set(rel(e.path), id));
        break;
      }
      case 'open': {
        if (e.dir) {
          fds.set(e.fd, 'dir');
          break;
        }
        let id = names.get(rel(e.path));
        if (id === undefined) {
          const made = fresh(null);
          meta((m) => m.set(rel(e.path), made));
          id = made;
        }
        fds.set(e.fd, id);
        if (e.flags & 512) inodes[id]!.ops.push({ truncate: 0 }); // O_TRUNC
        break;
      }
      case 'write': {
        const id = fds.get(e.fd);
        if (typeof id === 'number') {
          inodes[id]!.ops.push({ write: e.bytes, at: e.position });
          writer.set(e.bytes, id);
        }
        break;
      }
      case 'truncate': {
        const id = e.fd !== undefined ? fds.get(e.fd) : names.get(rel(e.path!));
        if (typeof id === 'number') inodes[id]!.ops.push({ truncate: e.size });
        break;
      }
      case 'fsync': {
        const id = fds.get(e.fd);
        if (typeof id === 'number') inodes[id]!.durable = inodes[id]!.ops.length;
        commitJournal();
        break;
      }
      case 'close':
        fds.delete(e.fd);
        break;
      case 'rename': {
        const [from, to] = [rel(e.from), rel(e.to)];
        meta((m) => moveUnder(m, from, to));
        break;
      }
      case 'unlink': {
        const p = rel(e.path);
        meta((m) => m.delete(p));
        break;
      }
      case 'rmdir': {
        const p = rel(e.path);
        meta((m) => { for (const k of [...m.keys()]) if (k.startsWith(`${p}/`)) m.delete(k); });
        break;
      }
      default:
        break;
    }
  }
  let torn: { id: number; op: { write: Buffer; at: number } } | null = null;
  if (tear) {
    for (let i = cut - 1; i >= 0 && !torn; i--) {
      const e = events[i]!;
      if (e.op !== 'write') continue;
      const id = writer.get(e.bytes);
      if (id === undefined) break;
      const index = inodes[id]!.ops.findIndex((o) => 'write' in o && o.write === e.bytes);
      if (index >= inodes[id]!.durable && e.bytes.length > 512) torn = { id, op: { write: e.bytes.subarray(0, Math.max(512, Math.floor(e.bytes.length / 1024) * 512)), at: e.position } };
      break;
    }
  }
  const out = path.join(tmp('power-cut-disk-'), 'pgdata');
  fs.mkdirSync(out, { recursive: true });
  // Directories as the base had them (PostgreSQL makes none in this workload it needs back).
  const dirsOf = (d: string, prefix = '') => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) if (e.isDirectory()) {
      fs.mkdirSync(path.join(out, prefix, e.name), { recursive: true });
      dirsOf(path.join(d, e.name), path.join(prefix, e.name));
    }
  };
  dirsOf(base);
  for (const [name, id] of durable) {
    const inode = inodes[id]!;
    let content = inode.origin ? fs.readFileSync(path.join(base, inode.origin)) : Buffer.alloc(0);
    for (const op of [...inode.ops.slice(0, inode.durable), ...(torn?.id === id ? [torn.op] : [])]) {
      if ('truncate' in op) {
        const c = Buffer.alloc(op.truncate);
        content.copy(c, 0, 0, Math.min(content.length, op.truncate));
        content = c;
      } else {
        if (content.length < op.at + op.write.length) {
          const c = Buffer.alloc(op.at + op.write.length);
          content.copy(c);
          content = c;
        }
        op.write.copy(content, op.at);
      }
    }
    fs.mkdirSync(path.dirname(path.join(out, name)), { recursive: true });
    fs.writeFileSync(path.join(out, name), content);
  }
  return { disk: out, torn: Boolean(torn && [...durable.values()].includes(torn.id)) };
}

/** Opens the store left by a cut: whether it starts, what it holds, and whether its unique index agrees with its table. */
async function reopen(dir: string): Promise<{ started: boolean; error?: string; values: Set<string>; indexAgrees: boolean }> {
  let pg: PGlite | null = null;
  try {
    pg = await PGlite.create({ fs: new DurableNodeFS(dir), startParams: durableStartParams() });
    await pg.exec('set enable_indexscan = off; set enable_bitmapscan = off');
    const seq = (await pg.query<{ v: string }>('select v from acked order by v')).rows.map((r) => r.v);
    await pg.exec('set enable_indexscan = on; set enable_seqscan = off');
    const idx = (await pg.query<{ v: string }>("select v from acked where v > '' order by v")).rows.map((r) => r.v);
    return { started: true, values: new Set(seq), indexAgrees: JSON.stringify(seq) === JSON.stringify(idx) };
  } catch (e) {
    return { started: false, error: (e as Error).message, values: new Set(), indexAgrees: false };
  } finally {
    await pg?.close().catch(() => {});
  }
}

/** Cut points spread over the run, the ones just after an acknowledgement among them (a fixed seed: the same points each run). */
function cutPoints(events: Event[], n: number): number[] {
  let seed = 15;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const acks = events.flatMap((e, i) => (e.op === 'ack' ? [i + 1] : []));
  // Just after a write of more than a sector that no fsync has followed yet: where a write can tear.
  const inFlight = events.flatMap((e, i) => (e.op === 'write' && e.bytes.length > 512 && events[i + 1]?.op !== 'fsync' ? [i + 1] : []));
  const points = new Set<number>([events.length]);
  while (points.size < n) {
    const r = random();
    points.add(r < 0.4 ? acks[Math.floor(random() * acks.length)]! : r < 0.7 ? inFlight[Math.floor(random() * inFlight.length)]! : Math.floor(random() * events.length));
  }
  return [...points].sort((a, b) => a - b);
}

describe('a power cut on the embedded store', () => {
  it(`at ${POINTS} points: the store starts and holds every acknowledged commit`, async () => {
    const { events, dir } = await record(true);
    const fsyncs = events.filter((e) => e.op === 'fsync').length;
    expect(fsyncs, 'commits are fsynced').toBeGreaterThanOrEqual(COMMITS);
    const failures: string[] = [];
    let tornCuts = 0;
    for (const [n, cut] of cutPoints(events, POINTS).entries()) {
      const acked = events.slice(0, cut).flatMap((e) => (e.op === 'ack' ? [e.value] : []));
      // Every other cut also tears the last write in flight, if it was not yet fsynced.
      const { disk, torn } = afterCut(events, cut, dir, n % 2 === 1 || events[cut - 1]?.op === 'write');
      if (torn) tornCuts++;
      const r = await reopen(disk);
      const lost = acked.filter((v) => !r.values.has(v));
      if (!r.started) failures.push(`cut at event ${cut}/${events.length}: the store does not start: ${r.error}`);
      else if (lost.length) failures.push(`cut at event ${cut}/${events.length}: ${lost.length} of ${acked.length} acknowledged commits lost (${lost.slice(0, 5).join(', ')})`);
      else if (!r.indexAgrees) failures.push(`cut at event ${cut}/${events.length}: the unique index disagrees with the table`);
      fs.rmSync(path.dirname(disk), { recursive: true, force: true });
    }
    expect(failures).toEqual([]);
    if (process.env.POWER_CUT_STATS) console.log(`${POINTS} cut points over ${events.length} events (${fsyncs} fsyncs), ${tornCuts} with a torn last write`);
    expect(tornCuts, 'cuts that tore a write in flight').toBeGreaterThan(0);
  }, 60_000 + POINTS * 5_000);

  it('the control: with PGlite\'s own settings (fsync off), a cut at the end loses acknowledged commits', async () => {
    const { events, dir } = await record(false);
    expect(events.filter((e) => e.op === 'fsync')).toEqual([]);
    const acked = events.flatMap((e) => (e.op === 'ack' ? [e.value] : []));
    const r = await reopen(afterCut(events, events.length, dir).disk);
    const lost = acked.filter((v) => !r.values.has(v));
    if (process.env.POWER_CUT_STATS) console.log(`fsync off: ${lost.length} of ${acked.length} acknowledged commits lost at a cut after the last one; started: ${r.started}`);
    expect(lost.length).toBeGreaterThan(0);
  }, 120_000);
});
