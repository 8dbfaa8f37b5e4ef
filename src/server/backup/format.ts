import crypto from 'node:crypto';
import fs from 'node:fs';
import readline from 'node:readline';
import zlib from 'node:zlib';

/**
 * The backup file: gzipped JSON lines, the same whichever database wrote it, so a school moves
 * between the embedded store and PostgreSQL through it. Every value is PostgreSQL's own text form
 * of it (numeric money to the paisa, dates, timestamps in UTC), except bytea, which is base64.
 *
 *   {"backup": Header}                         first line
 *   {"school": SchoolPart}                     then per school:
 *   {"table": TablePart}                         per table, in an order parents come first
 *   {"rows": [[v, v, …], …]}                     the rows, a batch a line
 *   {"sequence": {name, value, called}}          where each id counter stood
 *   {"end": Trailer}                           last line: row counts and the checksum
 *
 * The checksum is the SHA-256 of every line before the trailer, newlines included: a file cut
 * short or changed fails it and is never restored.
 */
export const FORMAT = 'vidyalaya-backup';
export const FORMAT_VERSION = 1;

export interface Header {
  format: typeof FORMAT;
  version: number;
  created_at: string;
  /** Which database the backup was taken from: pglite or postgres. */
  engine: string;
  schools: string[];
}

export interface SchoolPart {
  code: string;
  name: string;
  created_at: string;
  /** The migrations the school had had, so a restore can refuse a backup from a newer release. */
  migrations: string[];
}

export interface Column {
  name: string;
  /** format_type(): what the text is cast back to. */
  type: string;
  bytea: boolean;
}

export interface TablePart {
  name: string;
  columns: Column[];
}

export interface Trailer {
  /** Rows per table per school code. */
  rows: Record<string, Record<string, number>>;
  sha256: string;
}

export type Line =
  | { backup: Header }
  | { school: SchoolPart }
  | { table: TablePart }
  | { rows: Array<Array<string | null>> }
  | { sequence: { name: string; value: string; called: boolean } }
  | { end: Trailer };

/** A backup as its trailer and header describe it, after its checksum was checked. */
export interface BackupSummary {
  file: string;
  size: number;
  header: Header;
  schools: SchoolPart[];
  rows: Trailer['rows'];
}

export class BackupFileError extends Error {}

/**
 * Reads the lines of a backup in order, checking the checksum and the trailer's counts as it
 * goes; throws BackupFileError at the end if the file is incomplete or altered. A caller that
 * acts on lines as they come must do so where it can undo (a transaction).
 */
export async function* readLines(file: string): AsyncGenerator<Line> {
  let stream: fs.ReadStream;
  try {
    fs.accessSync(file, fs.constants.R_OK);
    stream = fs.createReadStream(file);
  } catch {
    throw new BackupFileError(`Cannot read the backup file ${file}`);
  }
  const gunzip = zlib.createGunzip();
  const lines = readline.createInterface({ input: stream.pipe(gunzip), crlfDelay: Infinity });
  const hash = crypto.createHash('sha256');
  const counted: Record<string, Record<string, number>> = {};
  let school = '';
  let table = '';
  let first = true;
  let trailer: Trailer | null = null;
  const broken = new Promise<never>((_, reject) => {
    gunzip.on('error', () => reject(new BackupFileError(`The backup file ${file} is damaged or incomplete (it does not unpack)`)));
  });
  broken.catch(() => {});
  try {
    for await (const text of iterateOrFail(lines, broken)) {
      if (trailer) throw new BackupFileError(`The backup file ${file} has data after its end`);
      let line: Line;
      try {
        line = JSON.parse(text);
      } catch {
        throw new BackupFileError(`The backup file ${file} is damaged (a line is not JSON)`);
      }
      if (first) {
        first = false;
        const h = (line as { backup?: Header }).backup;
        if (!h || h.format !== FORMAT) throw new BackupFileError(`${file} is not a backup of this product`);
        if (h.version > FORMAT_VERSION) throw new BackupFileError(`The backup file ${file} was written by a newer release (format ${h.version}); upgrade first`);
      }
      if ('end' in line) {
        trailer = line.end;
        continue;
      }
      hash.update(text + '\n');
      if ('school' in line) counted[(school = line.school.code)] = {};
      else if ('table' in line) counted[school]![(table = line.table.name)] = 0;
      else if ('rows' in line) counted[school]![table]! += line.rows.length;
      yield line;
    }
  } catch (e) {
    if (/^Z_/.test((e as NodeJS.ErrnoException).code ?? '')) throw new BackupFileError(`The backup file ${file} is damaged or incomplete (it does not unpack)`);
    throw e;
  } finally {
    lines.close();
    stream.destroy();
  }
  if (!trailer) throw new BackupFileError(`The backup file ${file} is incomplete (it has no end): it was cut short while being written or copied`);
  if (trailer.sha256 !== hash.digest('hex')) throw new BackupFileError(`The backup file ${file} is damaged: its checksum does not match`);
  if (JSON.stringify(sortedCounts(trailer.rows)) !== JSON.stringify(sortedCounts(counted))) {
    throw new BackupFileError(`The backup file ${file} is damaged: its row counts do not match its rows`);
  }
}

async function* iterateOrFail(lines: AsyncIterable<string>, broken: Promise<never>): AsyncGenerator<string> {
  const it = lines[Symbol.asyncIterator]();
  for (;;) {
    const next = await Promise.race([it.next(), broken]);
    if (next.done) return;
    yield next.value;
  }
}

const sortedCounts = (rows: Trailer['rows']) =>
  Object.keys(rows).sort().map((s) => [s, Object.keys(rows[s]!).sort().map((t) => [t, rows[s]![t]])]);

/** Reads a whole backup once: checks it and answers what it holds. */
export async function describeBackup(file: string): Promise<BackupSummary> {
  let header: Header | null = null;
  const schools: SchoolPart[] = [];
  const rows: Trailer['rows'] = {};
  let school = '';
  let table = '';
  for await (const line of readLines(file)) {
    if ('backup' in line) header = line.backup;
    else if ('school' in line) {
      schools.push(line.school);
      rows[(school = line.school.code)] = {};
    } else if ('table' in line) rows[school]![(table = line.table.name)] = 0;
    else if ('rows' in line) rows[school]![table]! += line.rows.length;
  }
  return { file, size: fs.statSync(file).size, header: header!, schools, rows };
}

/** Total rows of one school in a summary. */
export const rowTotal = (counts: Record<string, number> | undefined) => Object.values(counts ?? {}).reduce((a, b) => a + b, 0);
