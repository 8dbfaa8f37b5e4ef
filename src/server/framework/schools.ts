import { sql, type Kysely } from 'kysely';
import { PLATFORM_TABLES } from '../db/core-tables.js';
import { withTransaction } from '../db/index.js';
import type { School } from './context.js';

export const SCHOOL_CODE = /^[A-Z0-9]{6}$/;
export const schemaFor = (code: string) => `school_${code.toLowerCase()}`;

export async function ensurePlatform(db: Kysely<any>): Promise<void> {
  await withTransaction(db, async (trx) => {
    for (const s of PLATFORM_TABLES) await sql.raw(s).execute(trx);
  });
}

/** The school directory, cached; a miss re-reads it so a school created by the CLI appears at once. */
export class SchoolDirectory {
  private byCode = new Map<string, School>();
  constructor(private readonly db: Kysely<any>) {}

  async list(): Promise<School[]> {
    const rows = await this.db.withSchema('platform').selectFrom('school').select(['code', 'name', 'schema_name']).orderBy('code').execute();
    this.byCode = new Map(rows.map((r) => [r.code, { code: r.code, name: r.name, schema: r.schema_name }]));
    return [...this.byCode.values()];
  }

  async find(code: string): Promise<School | undefined> {
    const key = code.toUpperCase();
    if (!this.byCode.has(key)) await this.list();
    return this.byCode.get(key);
  }
}
