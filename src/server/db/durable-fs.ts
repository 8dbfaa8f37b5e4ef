import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * The embedded store's files on disk with real fsync (PGlite issue 1107). PGlite's Node file
 * system passes writes straight to the operating system but answers fsync() without doing it,
 * and PGlite starts PostgreSQL with fsync off (-F), so a commit was acknowledged while it sat in
 * the OS cache. Here fsync() reaches the disk, and PostgreSQL runs with fsync on and WAL synced
 * by fsync() (its fdatasync() is still a no-op in PGlite's C library), so its own rules apply:
 * the commit's WAL is on disk before COMMIT answers, and a checkpoint's data files are before
 * the control file points past them.
 */

/** What the file system did, for the power-cut simulation in the tests; nothing records in production. */
export type FsEvent =
  | { op: 'open'; fd: number; path: string; flags: number; dir: boolean }
  | { op: 'write'; fd: number; position: number; bytes: Buffer }
  | { op: 'fsync'; fd: number }
  | { op: 'truncate'; path?: string; fd?: number; size: number }
  | { op: 'close'; fd: number }
  | { op: 'rename'; from: string; to: string }
  | { op: 'unlink'; path: string }
  | { op: 'create'; path: string; dir: boolean }
  | { op: 'rmdir'; path: string };

export class DurableNodeFS extends NodeFS {
  constructor(dataDir: string, private readonly record?: (e: FsEvent) => void) {
    super(dataDir);
  }

  async init(pg: PGlite, opts: any) {
    const record = this.record;
    const patch = (mod: any) => {
      const N = mod.NODEFS;
      const so = N.stream_ops;
      so.fsync = (stream: { nfd: number }) => {
        N.tryFSOperation(() => fs.fsyncSync(stream.nfd));
        record?.({ op: 'fsync', fd: stream.nfd });
        return 0;
      };
      if (!record) return;
      const real = { open: so.open, write: so.write, close: so.close, setattr: so.setattr };
      const node = { rename: N.node_ops.rename, unlink: N.node_ops.unlink, mknod: N.node_ops.mknod, rmdir: N.node_ops.rmdir, setattr: N.node_ops.setattr };
      so.open = (stream: any) => {
        real.open(stream);
        record({ op: 'open', fd: stream.nfd, path: N.realPath(stream.node), flags: stream.flags, dir: mod.FS.isDir(stream.node.mode) });
      };
      so.write = (stream: any, buffer: Uint8Array, offset: number, length: number, position: number) => {
        const n = real.write(stream, buffer, offset, length, position);
        record({ op: 'write', fd: stream.nfd, position: position ?? stream.position, bytes: Buffer.from(buffer.subarray(offset, offset + n)) });
        return n;
      };
      so.close = (stream: any) => {
        const fd = stream.nfd;
        real.close(stream);
        record({ op: 'close', fd });
      };
      so.setattr = (stream: any, attr: any) => {
        real.setattr(stream, attr);
        if (attr.size !== undefined) record({ op: 'truncate', fd: stream.nfd, size: attr.size });
      };
      N.node_ops.setattr = (n: any, attr: any) => {
        node.setattr(n, attr);
        if (attr.size !== undefined) record({ op: 'truncate', path: N.realPath(n), size: attr.size });
      };
      N.node_ops.rename = (oldNode: any, newDir: any, newName: string) => {
        const from = N.realPath(oldNode);
        const to = `${N.realPath(newDir)}/${newName}`;
        node.rename(oldNode, newDir, newName);
        record({ op: 'rename', from, to });
      };
      N.node_ops.unlink = (parent: any, name: string) => {
        node.unlink(parent, name);
        record({ op: 'unlink', path: `${N.realPath(parent)}/${name}` });
      };
      N.node_ops.rmdir = (parent: any, name: string) => {
        node.rmdir(parent, name);
        record({ op: 'rmdir', path: `${N.realPath(parent)}/${name}` });
      };
      N.node_ops.mknod = (parent: any, name: string, mode: number, dev: number) => {
        const made = node.mknod(parent, name, mode, dev);
        record({ op: 'create', path: N.realPath(made), dir: mod.FS.isDir(made.mode) });
        return made;
      };
    };
    return super.init(pg, { ...opts, preRun: [...(opts.preRun ?? []), patch] });
  }
}

/** PGlite's start parameters without -F (fsync off), with WAL synced by fsync(). */
export function durableStartParams(): string[] {
  return [...(PGlite as any).defaultStartParams.filter((p: string) => p !== '-F'), '-c', 'wal_sync_method=fsync'];
}

/** fsyncs every file and directory under `dir`, directories after what they hold. */
export function syncTree(dir: string): void {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory()) syncTree(p);
    else if (e.isFile()) syncPath(p);
  }
  syncPath(dir);
}

function syncPath(p: string) {
  const fd = fs.openSync(p, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
