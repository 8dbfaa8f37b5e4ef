import { loadConfig } from '../../src/server/config.js';
import { openDatabase, type Database } from '../../src/server/db/index.js';
import { seedDemo } from '../../src/server/db/seed-demo.js';
import { schoolToday } from '../../src/server/framework/periods.js';
import { syncAllSchools } from '../../src/server/provision.js';

/** An embedded store in `dataDir` holding the demo school, open; the school day it was seeded on. */
export async function openDemoStore(dataDir: string): Promise<{ database: Database; day: string }> {
  const day = schoolToday();
  const base = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: undefined });
  const database = await openDatabase(base);
  await syncAllSchools(database.db);
  await seedDemo(database.db, base);
  return { database, day };
}
