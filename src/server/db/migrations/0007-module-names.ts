import { sql, type Kysely } from 'kysely';

/**
 * Two modules and a resource were renamed so that their names say which of two look-alikes they
 * are: the simple ledger `accounts` is `simple_accounts` (the finance module keeps the bank and cash
 * accounts), the simple stock book `inventory` is `simple_inventory`, and the finance module's
 * `finance-inventory` is `finance-inventory-items`. A school's stored module switches, its
 * admins' module permissions and its audit history name them, so they are renamed in place.
 */
const MODULES: Array<[string, string]> = [['accounts', 'simple_accounts'], ['inventory', 'simple_inventory']];
const RESOURCES: Array<[string, string]> = [['finance-inventory', 'finance-inventory-items']];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [before, after] of MODULES) {
    await sql`update admin_module_access set module_key = ${after} where module_key = ${before}`.execute(db);
    await sql`update setting set value = (value - ${before}) || jsonb_build_object(${after}::text, value -> ${before})
      where key = 'modules' and value ? ${before}`.execute(db);
  }
  for (const [before, after] of RESOURCES) {
    await sql`update audit set resource = ${after} where resource = ${before}`.execute(db);
  }
}
