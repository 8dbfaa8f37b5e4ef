import type { FastifyInstance } from 'fastify';
import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { openDatabase } from './db/index.js';
import { seedDemo, DEMO } from './db/seed-demo.js';
import { statisticsJob } from './db/statistics.js';
import { acquireStoreLock, StoreInUseError } from './db/store-lock.js';
import { syncAllSchools } from './provision.js';
import { backupBeforeUpgrade, backupJob } from './backup/schedule.js';
import { backupSettings } from './backup/settings.js';
import { openShared, sharedState } from './cluster/redis.js';
import { contributed, contributedTasks } from './framework/extensions.js';
import { jobHistoryJob } from './framework/job-runs.js';
import { startJobs, withPeriods, type JobRunner } from './framework/jobs.js';

const config = (() => {
  try {
    return loadConfig();
  } catch (e) {
    // A setting that cannot work (TRUST_PROXY, JOB_EVERY, FILES_S3_* without keys) stops the start with its message.
    console.error(`Could not start: ${(e as Error).message}`);
    process.exit(1);
  }
})();
const started = Date.now();
let app: FastifyInstance | null = null;
let jobs: JobRunner | null = null;
let stopping = false;

let lock: { release(): void } | null = null;
try {
  lock = config.databaseUrl ? null : acquireStoreLock(config.dataDir, 'server');
} catch (e) {
  if (e instanceof StoreInUseError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}

// Signals are handled from the first moment: the embedded database must be closed
// cleanly whatever the server is doing, even while it is still being created.
const database = openDatabase(config);
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing`);
  let code = 0;
  try {
    await jobs?.stop();
    await app?.close();
    await sharedState()?.close();
    await (await database).close();
  } catch (e) {
    console.error(`Closing failed: ${(e as Error).message}`);
    code = 1;
  } finally {
    lock?.release();
    process.exit(code);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  const { db, kind } = await database;
  const backupConfig = backupSettings();
  // One runner for all scheduled work: the platform's (table statistics once a day, since the
  // embedded database has no autovacuum; every school's backup daily at BACKUP_TIME into
  // BACKUP_DIR; the record of runs kept short) and the modules' (their contributes.ts). Checked
  // against JOB_EVERY before anything else is done.
  const scheduled = withPeriods([statisticsJob, jobHistoryJob, backupJob(db, kind, backupConfig), ...contributed('jobs')].filter((j) => j !== null), config.jobEvery);
  await backupBeforeUpgrade(db, kind, backupConfig);
  await syncAllSchools(db);
  const schools = await db.withSchema('platform').selectFrom('school').select('code').execute();
  if (schools.length === 0 && config.seedDemo && !stopping) {
    console.log(`Creating the demo school ${DEMO.code}…`);
    await seedDemo(db, config);
  }
  if (!stopping) {
    app = await buildApp({ config, database: await database, logger: process.env.LOG_REQUESTS === '1' });
    await app.listen({ port: config.port, host: config.host });
    // With REDIS_URL each job and task runs once across the servers.
    jobs = await startJobs({ jobs: scheduled, tasks: contributedTasks(), env: { db, config }, shared: openShared(config) });
    for (const work of contributed('startup')) void work({ db, config }).catch((e: Error) => console.error(`Start-up work failed: ${e.message}`));
    console.log(`School app listening on http://localhost:${config.port} (${kind}${kind === 'pglite' ? ` in ${config.dataDir}` : ''}), ready in ${Date.now() - started} ms`);
  }
} catch (e) {
  // A failure caused by closing during start-up is part of the shutdown, not a crash.
  if (!stopping) {
    console.error(`Could not start: ${(e as Error).message}`);
    lock?.release();
    process.exit(1);
  }
}
