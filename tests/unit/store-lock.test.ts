import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireStoreLock, StoreInUseError } from '../../src/server/db/store-lock.js';

const dirs: string[] = [];
const tempDir = () => { const d = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-')); dirs.push(d); return d; };
afterEach(() => { for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true }); });
const lockFile = (d: string) => path.join(d, 'store.lock');

describe('the embedded store lock', () => {
  it('is held by one process: a live holder makes the next one give way with a clear message', () => {
    const dir = tempDir();
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid: process.ppid, holder: 'server' }));
    expect(() => acquireStoreLock(dir, 'school command')).toThrow(StoreInUseError);
    expect(() => acquireStoreLock(dir, 'school command')).toThrow(/in use by the server \(pid \d+\)/);
    expect(JSON.parse(fs.readFileSync(lockFile(dir), 'utf8')).pid).toBe(process.ppid);
  });

  it("takes over a dead process's lock and leaves nothing else behind", () => {
    const dir = tempDir();
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid: 2 ** 22 + 7, holder: 'server' }));
    const lock = acquireStoreLock(dir, 'server');
    expect(JSON.parse(fs.readFileSync(lockFile(dir), 'utf8'))).toEqual({ pid: process.pid, holder: 'server' });
    expect(fs.readdirSync(dir)).toEqual(['store.lock']);
    lock.release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  });

  it('treats an unreadable lock as stale', () => {
    const dir = tempDir();
    fs.writeFileSync(lockFile(dir), '');
    acquireStoreLock(dir, 'server').release();
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
