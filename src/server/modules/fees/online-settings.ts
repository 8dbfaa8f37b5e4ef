import type { Kysely } from 'kysely';
import type { DB } from '../../../generated/db.js';
import { badRequest } from '../../framework/errors.js';
import { GATEWAY_NAMES, type GatewayName, type GatewaySecrets } from '../../integrations/payments/index.js';
import { readSecrets, SECRETS_KEY } from '../../platform/payment-gateways.js';
import { putSetting } from '../../platform/settings.js';
import { FEE_SETTINGS_KEY, getFeeSettings, type FeeSettings, type GatewayCharges } from './settings.js';

/**
 * The operator's way to change a school's fee settings and gateway keys (the Fees settings tab
 * is read-only; schools change them through support):
 *   npm run school -- fee-settings --code X [--set key=value ...] [--secret gateway.name=value ...]
 * --set: fee_discounts_enabled, fee_partial_payment_enabled, online_fee_payment_enabled (1 or 0),
 *        <gateway>.enabled (1 or 0), <gateway>.name, <gateway>.tdr_rate / tdr_amount / tdr_tax_rate (numbers).
 * --secret: razorpay.key_id / key_secret / webhook_secret, paytm.mid / merchant_key / website / environment
 *        (staging or production), easebuzz.key / salt / environment (test or prod), test.secret; an empty value removes it.
 */

const FLAGS = ['fee_discounts_enabled', 'fee_partial_payment_enabled', 'online_fee_payment_enabled'] as const;
const CHARGES = ['tdr_rate', 'tdr_amount', 'tdr_tax_rate'] as const;
export const SECRET_FIELDS: Record<GatewayName, readonly string[]> = {
  test: ['secret'],
  razorpay: ['key_id', 'key_secret', 'webhook_secret'],
  paytm: ['mid', 'merchant_key', 'website', 'environment'],
  easebuzz: ['key', 'salt', 'environment'],
};
/** Values that may be shown back to the operator (the rest only as "set"). */
const PUBLIC_SECRET_FIELDS = new Set(['key_id', 'mid', 'website', 'environment', 'key']);

function split(arg: string): [string, string] {
  const at = arg.indexOf('=');
  if (at < 1) throw badRequest(`Write each change as key=value (got "${arg}")`);
  return [arg.slice(0, at).trim(), arg.slice(at + 1).trim()];
}

function flag(key: string, v: string): '0' | '1' {
  if (['1', 'true', 'on', 'yes'].includes(v.toLowerCase())) return '1';
  if (['0', 'false', 'off', 'no'].includes(v.toLowerCase())) return '0';
  throw badRequest(`${key} must be 1 or 0`);
}

function gatewayOf(name: string): GatewayName {
  if (!(GATEWAY_NAMES as readonly string[]).includes(name)) throw badRequest(`Unknown gateway "${name}" (one of ${GATEWAY_NAMES.join(', ')})`);
  return name as GatewayName;
}

export function applySettingChanges(current: FeeSettings, changes: string[]): FeeSettings {
  const next: FeeSettings = structuredClone(current);
  for (const arg of changes) {
    const [key, value] = split(arg);
    if ((FLAGS as readonly string[]).includes(key)) {
      next[key as (typeof FLAGS)[number]] = flag(key, value);
      continue;
    }
    const [g, field, ...rest] = key.split('.');
    if (!g || !field || rest.length) throw badRequest(`Unknown setting "${key}"`);
    const gateway = gatewayOf(g);
    if (field === 'enabled' || field === 'name') {
      let entry = next.payment_gateway_list.find((x) => x.value === gateway);
      if (!entry) next.payment_gateway_list.push(entry = { value: gateway, name: gateway, enabled: false });
      if (field === 'enabled') entry.enabled = flag(key, value) === '1';
      else if (value && value.length <= 60) entry.name = value;
      else throw badRequest(`${key} must be 1 to 60 characters`);
      continue;
    }
    if ((CHARGES as readonly string[]).includes(field) && gateway !== 'test') {
      const n = Number(value);
      if (!value || !Number.isFinite(n) || n < 0 || n > 100_000) throw badRequest(`${key} must be a number of at least 0`);
      const details = `${gateway}_gateway_details` as const;
      next[details] = { ...(next[details] as GatewayCharges), [field]: n };
      continue;
    }
    throw badRequest(`Unknown setting "${key}"`);
  }
  return next;
}

export function applySecretChanges(current: GatewaySecrets, changes: string[]): GatewaySecrets {
  const next = structuredClone(current) as Record<string, Record<string, string>>;
  for (const arg of changes) {
    const [key, value] = split(arg);
    const [g, field, ...rest] = key.split('.');
    const gateway = gatewayOf(g ?? '');
    if (!field || rest.length || !SECRET_FIELDS[gateway].includes(field)) {
      throw badRequest(`Unknown secret "${key}" (${gateway}: ${SECRET_FIELDS[gateway].join(', ')})`);
    }
    if (value.length > 200) throw badRequest(`${key} is too long`);
    if (value && gateway === 'paytm' && field === 'merchant_key' && Buffer.byteLength(value) !== 16) throw badRequest('paytm.merchant_key must be 16 characters');
    if (value && gateway === 'paytm' && field === 'environment' && !['staging', 'production'].includes(value)) throw badRequest('paytm.environment must be staging or production');
    if (value && gateway === 'easebuzz' && field === 'environment' && !['test', 'prod'].includes(value)) throw badRequest('easebuzz.environment must be test or prod');
    const entry = (next[gateway] ??= {});
    if (value) entry[field] = value;
    else delete entry[field];
  }
  return next as GatewaySecrets;
}

const KEYS_NEEDED: Record<GatewayName, string[]> = { test: [], razorpay: ['key_id', 'key_secret'], paytm: ['mid', 'merchant_key'], easebuzz: ['key', 'salt'] };

/** Lines for the operator: the settings, which keys are set (secret values never shown), and warnings. */
export function describeFeeSettings(settings: FeeSettings, secrets: GatewaySecrets): string[] {
  const out = FLAGS.map((f) => `${f}=${settings[f]}`);
  for (const g of settings.payment_gateway_list) {
    const s = (secrets as Record<string, Record<string, string> | undefined>)[g.value] ?? {};
    const keys = SECRET_FIELDS[g.value].map((f) => (s[f] ? (PUBLIC_SECRET_FIELDS.has(f) ? `${f}=${s[f]}` : `${f} set`) : `${f} not set`)).join(', ');
    const details = g.value === 'test' ? '' : ` tdr_rate=${(settings[`${g.value}_gateway_details`] as GatewayCharges).tdr_rate}`;
    out.push(`${g.value} (${g.name}): ${g.enabled ? 'enabled' : 'disabled'};${details}${keys && g.value !== 'test' ? `; ${keys}` : ''}`);
    const missing = KEYS_NEEDED[g.value].filter((f) => !s[f]);
    if (g.enabled && missing.length) out.push(`  Warning: ${g.value} is enabled but ${missing.join(', ')} not set; parents choosing it are told 'Payment gateway not found'`);
  }
  if (settings.payment_gateway_list.some((g) => g.value === 'test' && g.enabled)) {
    out.push('  Note: the test gateway moves no real money; enable it only for demonstration schools');
  }
  return out;
}

/** Applies an operator's changes, records them in the audit (secret values left out) and returns the outcome. */
export async function changeFeeSettings(db: Kysely<DB>, change: { set?: string[]; secret?: string[] }): Promise<{ settings: FeeSettings; secrets: GatewaySecrets }> {
  return db.transaction().execute(async (trx) => {
    let settings = await getFeeSettings(trx);
    let secrets = await readSecrets(trx);
    if (change.set?.length) {
      settings = applySettingChanges(settings, change.set);
      await putSetting(trx, FEE_SETTINGS_KEY, settings);
    }
    if (change.secret?.length) {
      secrets = applySecretChanges(secrets, change.secret);
      await putSetting(trx, SECRETS_KEY, secrets);
    }
    if (change.set?.length || change.secret?.length) {
      await trx.insertInto('audit').values({
        user_id: null, resource: 'fee-settings', action: 'update', record_id: null,
        data: JSON.stringify({ set: change.set ?? [], secrets: (change.secret ?? []).map((a) => split(a)[0]), by: 'operator command' }),
      }).execute();
    }
    return { settings, secrets };
  });
}
