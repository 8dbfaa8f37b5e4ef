import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../generated/db.js';
import type { Ctx } from '../framework/context.js';
import { AppError } from '../framework/errors.js';
import { GATEWAY_NAMES, GatewayError, type GatewayName, type GatewaySecrets, type PaymentGateway } from '../integrations/payments/index.js';
import { getSetting } from './settings.js';

/**
 * The school's online payment gateways: its keys (set by the operator, `npm run school --
 * fee-settings --secret …`) and the gateway they open. Online fee payment and the public admission
 * form's application fee both pay through them.
 */

/** The setting the keys are kept in (named for the fees, which used them first). */
export const SECRETS_KEY = 'fees_gateway_secrets';

export const readSecrets = (db: Kysely<DB>) => getSetting<GatewaySecrets>(db, SECRETS_KEY, {});

/** The school's test-gateway secret, made on first use (concurrent first uses agree on one). */
export async function ensureTestSecret(db: Kysely<DB>): Promise<string> {
  const current = (await readSecrets(db)).test?.secret;
  if (current) return current;
  const fresh = crypto.randomBytes(32).toString('hex');
  await db.insertInto('setting').values({ key: SECRETS_KEY, value: JSON.stringify({}) }).onConflict((oc) => oc.column('key').doNothing()).execute();
  await db.updateTable('setting')
    .set({ value: sql`jsonb_set(value, '{test}', coalesce(value->'test', '{}'::jsonb) || ${JSON.stringify({ secret: fresh })}::jsonb)` })
    .where('key', '=', SECRETS_KEY).where(sql<boolean>`coalesce(value->'test'->>'secret', '') = ''`).execute();
  const made = (await readSecrets(db)).test?.secret;
  if (!made) throw new Error('The test gateway secret could not be stored');
  return made;
}

/** The school's gateway by name, or null when it has no keys for it. */
export async function gatewayOf(ctx: Ctx, name: GatewayName): Promise<PaymentGateway | null> {
  if (name === 'test') await ensureTestSecret(ctx.db);
  return ctx.integrations.payments.gateway(name, await readSecrets(ctx.db));
}

export const isGatewayName = (v: unknown): v is GatewayName => typeof v === 'string' && (GATEWAY_NAMES as readonly string[]).includes(v);

/** A gateway's refusal as an answer the payer reads. */
export function asAppError(e: unknown): unknown {
  return e instanceof GatewayError ? new AppError(e.status, e.message) : e;
}
