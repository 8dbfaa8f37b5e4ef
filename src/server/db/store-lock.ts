import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one process's database: a second process opening the same directory
 * would corrupt it. Whoever opens the store holds this lock file with its pid.
 */
export class StoreInUseError extends Error {}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const inUse = (dataDir: string, owner: { pid: number; holder: string }) =>
  new StoreInUseError(`The embedded database in ${dataDir} is in use by the ${owner.holder} (pid ${owner.pid}). Stop it first, or set DATABASE_URL to use PostgreSQL.`);

/**
 * Moves a dead process's lock aside. Two processes may both find the same stale lock: the
 * rename lets only one move it, and one that moved a lock fresher than the stale one it saw
 * (the other's new lock) puts it back and gives way.
 */
function takeOverStale(file: string, stalePid: number | undefined, dataDir: string) {
  const aside = `${file}.${process.pid}.stale`;
  try {
    fs.renameSync(file, aside);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return; // someone else moved it: try again
    throw e;
  }
  let moved: { pid: number; holder: string } | undefined;
  try { moved = JSON.parse(fs.readFileSync(aside, 'utf8')); } catch { /* half-written: stale */ }
  if (moved && moved.pid !== stalePid && alive(moved.pid)) {
    fs.renameSync(aside, file);
    throw inUse(dataDir, moved);
  }
  fs.unlinkSync(aside);
}

export function acquireStoreLock(dataDir: string, holder: string): { release(): void } {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'store.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // Written aside and linked into place, so nobody ever reads a half-written lock.
      const mine = `${file}.${process.pid}.new`;
      fs.writeFileSync(mine, JSON.stringify({ pid: process.pid, holder }));
      try {
        fs.linkSync(mine, file);
      } finally {
        fs.unlinkSync(mine);
      }
      return { release: () => { try { fs.unlinkSync(file); } catch { /* already gone */ } } };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let owner: { pid: number; holder: string } | undefined;
      try { owner = JSON.parse(fs.readFileSync(file, 'utf8')); } catch { /* half-written: treat as stale */ }
      if (owner && owner.pid !== process.pid && alive(owner.pid)) throw inUse(dataDir, owner);
      takeOverStale(file, owner?.pid, dataDir);
    }
  }
  throw new StoreInUseError(`Could not lock the embedded database in ${dataDir}`);
}
