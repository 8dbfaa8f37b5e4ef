/**
 * Operator commands:
 *   npm run school -- create --code ABC123 --name "…" --admin-email … --admin-password … [--admin-name …]
 *   npm run school -- list
 *   npm run school -- outbox --code DEMO01 [--limit 20]      (e-mails kept by the local e-mail provider)
 *   npm run school -- <command a module contributes> …       (fee-settings: a module's contributes.ts)
 *   npm run school -- config --code DEMO01 --check           (checks config/schools/DEMO01.json; no database needed)
 *   npm run school -- backup [--code DEMO01]                 (a checked backup into BACKUP_DIR, default ./backups)
 *   npm run school -- restore --from FILE [--code DEMO01] [--yes]
 *   npm run school -- jobs [--name statistics] [--limit 20]   (the last runs of scheduled jobs and tasks, every server's)
 * Against the embedded database the server must be stopped; with DATABASE_URL it runs any time.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { acquireStoreLock, StoreInUseError } from './db/store-lock.js';
import { AppError } from './framework/errors.js';
import { ensurePlatform, SCHOOL_CODE, schemaFor } from './framework/schools.js';
import { checkConfigFile, shown } from './framework/school-config.js';
import { describeConfig } from '../shared/school-config.js';
import { contributedCommands } from './framework/extensions.js';
import { describeRun, lastRuns } from './framework/job-runs.js';
import './installed.js';
import { createSchool } from './provision.js';
import { backupCommand, restoreCommand } from './backup/commands.js';
import { BackupFileError } from './backup/format.js';

const USAGE = `Usage:
  npm run school -- create --code ABC123 --name "School name" --admin-email admin@example.com --admin-password secret123
  npm run school -- list
  npm run school -- outbox --code ABC123 [--limit 20]
  npm run school -- config --code ABC123 --check
    Checks the school's configuration file (CONFIG_DIR, default ./config: schools/ABC123.json) against
    config/school-config.schema.json and the product's modules and fields; prints what it sets, or each
    problem as file: path: reason (exit code 1). See docs/school-config.md.
  npm run school -- backup [--code ABC123]
    Writes a backup of every school (or one) to BACKUP_DIR (default ./backups), then checks it by restoring it
    into scratch tables and comparing row counts.
  npm run school -- restore --from backups/backup-….jsonl.gz [--code ABC123] [--yes]
    Restores every school of the backup (or one). Says what it would replace and changes nothing without --yes.
  npm run school -- jobs [--name statistics] [--limit 20]
    The last runs of the scheduled jobs and tasks (of one, with --name), newest first, on whichever server ran them:
    when, what, ok, failed or running, how long, where, the period it was for, the try, the error.`;

const COMMANDS = contributedCommands();
// The modules' commands follow the outbox in the usage text.
const FULL_USAGE = USAGE.replace(/(\n {2}npm run school -- config)/, `\n${Object.values(COMMANDS).map((c) => c.usage).join('\n')}$1`);

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const contributed = COMMANDS[command ?? ''];
  const { values } = parseArgs({
    args: rest,
    options: {
      code: { type: 'string' }, name: { type: 'string' }, 'admin-email': { type: 'string' },
      'admin-password': { type: 'string' }, 'admin-name': { type: 'string' }, limit: { type: 'string' },
      check: { type: 'boolean' }, from: { type: 'string' }, yes: { type: 'boolean' },
      ...contributed?.options,
    },
    strict: true,
  });
  if (!contributed && !['create', 'list', 'outbox', 'config', 'backup', 'restore', 'jobs'].includes(command ?? '')) {
    console.error(FULL_USAGE);
    return 2;
  }
  const config = loadConfig();
  // Reads a file only: no database, so it runs beside a running server.
  if (command === 'config') return configCommand(config.configDir, values.code, values.check);
  if (command === 'jobs' && values.limit !== undefined && !/^[1-9]\d{0,3}$/.test(values.limit)) {
    console.error(`--limit: "${values.limit}" is not a number of runs from 1 to 9999\n${FULL_USAGE}`);
    return 2;
  }
  if (command === 'restore' && !values.from) {
    console.error(`Missing --from\n${FULL_USAGE}`);
    return 2;
  }
  const lock = config.databaseUrl ? null : acquireStoreLock(config.dataDir, 'school command');
  const database = await openDatabase(config);
  try {
    await ensurePlatform(database.db);
    if (command === 'backup') return await backupCommand(database.db, database.kind, values.code);
    if (command === 'restore') return await restoreCommand(database.db, values.from!, values.code, Boolean(values.yes));
    if (command === 'create') {
      const missing = ['code', 'name', 'admin-email', 'admin-password'].filter((k) => !values[k as keyof typeof values]);
      if (missing.length) {
        console.error(`Missing --${missing.join(', --')}\n${FULL_USAGE}`);
        return 2;
      }
      const s = await createSchool(database.db, {
        configDir: config.configDir,
        code: values.code!, name: values.name!, adminEmail: values['admin-email']!, adminPassword: values['admin-password']!, adminName: values['admin-name'],
      });
      console.log(`Created school ${s.code} (schema ${s.schema}); its super admin is ${values['admin-email']}. API base: /api/${s.code}`);
    } else if (command === 'list') {
      const rows = await database.db.withSchema('platform').selectFrom('school').select(['code', 'name', 'created_at']).orderBy('code').execute();
      for (const r of rows) console.log(`${r.code}\t${r.name}\t/api/${r.code}`);
      if (!rows.length) console.log('No schools yet.');
    } else if (command === 'jobs') {
      const rows = await lastRuns(database.db, { name: values.name, limit: Number(values.limit ?? 20) });
      for (const r of rows) console.log(describeRun(r));
      if (!rows.length) console.log(values.name ? `No run of ${values.name} is recorded.` : 'No run is recorded yet.');
    } else if (contributed) {
      return await contributed.run({ db: database.db, config, values, usage: FULL_USAGE });
    } else {
      if (!values.code) {
        console.error(`Missing --code\n${FULL_USAGE}`);
        return 2;
      }
      const rows = await database.db.withSchema(schemaFor(values.code)).selectFrom('outbox_email').selectAll()
        .orderBy('id', 'desc').limit(Number(values.limit ?? 20)).execute();
      for (const r of rows.reverse()) console.log(`#${r.id} ${new Date(r.created_at).toISOString()} to ${r.to_address} [${r.provider}: ${r.status}]\nSubject: ${r.subject}\n${r.body}\n`);
      if (!rows.length) console.log('The outbox is empty.');
    }
    return 0;
  } finally {
    await database.close();
    lock?.release();
  }
}

function configCommand(dir: string, code: string | undefined, check: boolean | undefined): number {
  if (!code || !check) {
    console.error(`${!code ? 'Missing --code' : 'Missing --check'}\n${FULL_USAGE}`);
    return 2;
  }
  if (!SCHOOL_CODE.test(code.toUpperCase())) {
    console.error('The school code must be 6 letters or digits');
    return 2;
  }
  const r = checkConfigFile(dir, code);
  if (!r.exists) {
    console.error(`${shown(r.file)}: no such file; the school ${code.toUpperCase()} runs with the product's defaults`);
    return 1;
  }
  if (!r.config) {
    for (const p of r.problems) console.error(p);
    console.error(`${r.problems.length} problem${r.problems.length === 1 ? '' : 's'}: the file is refused and a running server keeps the configuration it had`);
    return 1;
  }
  console.log(`${shown(r.file)} is valid; a running server applies it within a second.`);
  for (const line of describeConfig(r.config)) console.log(`  ${line}`);
  return 0;
}

main(process.argv.slice(2)).then((code) => process.exit(code), (e) => {
  if (e instanceof StoreInUseError || e instanceof AppError || e instanceof BackupFileError) console.error(e.message);
  else console.error(`Failed: ${(e as Error).message}`);
  process.exit(1);
});
