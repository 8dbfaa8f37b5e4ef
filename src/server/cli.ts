/**
 * Operator commands:
 *   npm run school -- create --code ABC123 --name "…" --admin-email … --admin-password … [--admin-name …]
 *   npm run school -- list
 *   npm run school -- outbox --code DEMO01 [--limit 20]      (e-mails kept by the local e-mail provider)
 *   npm run school -- fee-settings --code DEMO01 [--set key=value ...] [--secret gateway.field=value ...]
 *                                                            (fee settings and online payment gateway keys)
 * Against the embedded database the server must be stopped; with DATABASE_URL it runs any time.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { acquireStoreLock, StoreInUseError } from './db/store-lock.js';
import { AppError } from './framework/errors.js';
import { ensurePlatform, schemaFor } from './framework/schools.js';
import { changeFeeSettings, describeFeeSettings } from './modules/fees/online-settings.js';
import { createSchool } from './provision.js';

const USAGE = `Usage:
  npm run school -- create --code ABC123 --name "School name" --admin-email admin@example.com --admin-password secret123
  npm run school -- list
  npm run school -- outbox --code ABC123 [--limit 20]
  npm run school -- fee-settings --code ABC123 [--set online_fee_payment_enabled=1] [--set razorpay.enabled=1]
      [--set razorpay.tdr_rate=2] [--secret razorpay.key_id=rzp_live_...] [--secret razorpay.key_secret=...]
    --set: fee_discounts_enabled, fee_partial_payment_enabled, online_fee_payment_enabled (1/0);
           <gateway>.enabled (1/0), <gateway>.name, <gateway>.tdr_rate|tdr_amount|tdr_tax_rate; gateways: test, razorpay, paytm, easebuzz
    --secret: razorpay.key_id|key_secret|webhook_secret, paytm.mid|merchant_key|website|environment,
              easebuzz.key|salt|environment; an empty value removes a key. Without --set/--secret it shows the settings.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      code: { type: 'string' }, name: { type: 'string' }, 'admin-email': { type: 'string' },
      'admin-password': { type: 'string' }, 'admin-name': { type: 'string' }, limit: { type: 'string' },
      set: { type: 'string', multiple: true }, secret: { type: 'string', multiple: true },
    },
    strict: true,
  });
  if (!['create', 'list', 'outbox', 'fee-settings'].includes(command ?? '')) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const lock = config.databaseUrl ? null : acquireStoreLock(config.dataDir, 'school command');
  const database = await openDatabase(config);
  try {
    await ensurePlatform(database.db);
    if (command === 'create') {
      const missing = ['code', 'name', 'admin-email', 'admin-password'].filter((k) => !values[k as keyof typeof values]);
      if (missing.length) {
        console.error(`Missing --${missing.join(', --')}\n${USAGE}`);
        return 2;
      }
      const s = await createSchool(database.db, {
        code: values.code!, name: values.name!, adminEmail: values['admin-email']!, adminPassword: values['admin-password']!, adminName: values['admin-name'],
      });
      console.log(`Created school ${s.code} (schema ${s.schema}); its super admin is ${values['admin-email']}. API base: /api/${s.code}`);
    } else if (command === 'list') {
      const rows = await database.db.withSchema('platform').selectFrom('school').select(['code', 'name', 'created_at']).orderBy('code').execute();
      for (const r of rows) console.log(`${r.code}\t${r.name}\t/api/${r.code}`);
      if (!rows.length) console.log('No schools yet.');
    } else if (command === 'fee-settings') {
      if (!values.code) {
        console.error(`Missing --code\n${USAGE}`);
        return 2;
      }
      const found = await database.db.withSchema('platform').selectFrom('school').select('code').where('code', '=', values.code).executeTakeFirst();
      if (!found) {
        console.error(`No school with code ${values.code}`);
        return 1;
      }
      const { settings, secrets } = await changeFeeSettings(database.db.withSchema(schemaFor(values.code)), { set: values.set, secret: values.secret });
      if (values.set?.length || values.secret?.length) console.log(`Fee settings of ${values.code} changed.`);
      for (const line of describeFeeSettings(settings, secrets)) console.log(line);
    } else {
      if (!values.code) {
        console.error(`Missing --code\n${USAGE}`);
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

main(process.argv.slice(2)).then((code) => process.exit(code), (e) => {
  if (e instanceof StoreInUseError || e instanceof AppError) console.error(e.message);
  else console.error(`Failed: ${(e as Error).message}`);
  process.exit(1);
});
