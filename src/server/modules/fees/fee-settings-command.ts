import type { CliCommand } from '../../framework/contributions.js';
import { schemaFor } from '../../framework/schools.js';
import { changeFeeSettings, describeFeeSettings } from './online-settings.js';

/** `npm run school -- fee-settings`: shows a school's fee settings and gateway keys, or changes them. */
export async function feeSettingsCommand({ db, values, usage }: Parameters<CliCommand['run']>[0]): Promise<number> {
  const code = values.code as string | undefined;
  if (!code) {
    console.error(`Missing --code\n${usage}`);
    return 2;
  }
  const found = await db.withSchema('platform').selectFrom('school').select('code').where('code', '=', code).executeTakeFirst();
  if (!found) {
    console.error(`No school with code ${code}`);
    return 1;
  }
  const set = values.set as string[] | undefined;
  const secret = values.secret as string[] | undefined;
  const { settings, secrets } = await changeFeeSettings(db.withSchema(schemaFor(code)), { set, secret });
  if (set?.length || secret?.length) console.log(`Fee settings of ${code} changed.`);
  for (const line of describeFeeSettings(settings, secrets)) console.log(line);
  return 0;
}
