import type { Kysely } from 'kysely';
import type { DB } from '../../../generated/db.js';
import { getSetting } from '../../platform/settings.js';

/**
 * A school's fee settings (spec 2 §3, spec 3 §3, spec 4). The Fees settings tab shows them
 * read-only; the product's support team changes them (`npm run school -- fee-settings`). The
 * server enforces the same settings the screens read: discounts, partial payment, online payment.
 */
export type Flag = '0' | '1';
export type GatewayKey = 'test' | 'razorpay' | 'paytm' | 'easebuzz';

export interface GatewayCharges { tdr_amount: number; tdr_rate: number; tdr_tax_rate: number }

export interface FeeSettings {
  fee_discounts_enabled: Flag;
  fee_partial_payment_enabled: Flag;
  online_fee_payment_enabled: Flag;
  fee_currency: 'INR';
  payment_gateway_list: Array<{ value: GatewayKey; name: string; enabled: boolean }>;
  razorpay_gateway_details: GatewayCharges;
  paytm_gateway_details: GatewayCharges;
  easebuzz_gateway_details: GatewayCharges;
}

const NO_CHARGES: GatewayCharges = { tdr_amount: 0, tdr_rate: 0, tdr_tax_rate: 0 };

export const DEFAULT_FEE_SETTINGS: FeeSettings = {
  fee_discounts_enabled: '0',
  fee_partial_payment_enabled: '1',
  online_fee_payment_enabled: '0',
  fee_currency: 'INR',
  payment_gateway_list: [
    { value: 'test', name: 'Test Gateway (no real money)', enabled: false },
    { value: 'razorpay', name: 'Razorpay', enabled: false },
    { value: 'paytm', name: 'Paytm', enabled: false },
    { value: 'easebuzz', name: 'Easebuzz', enabled: false },
  ],
  razorpay_gateway_details: NO_CHARGES,
  paytm_gateway_details: NO_CHARGES,
  easebuzz_gateway_details: NO_CHARGES,
};

export const FEE_SETTINGS_KEY = 'fees';

/** The stored settings over the defaults, so a setting added later has its default everywhere. */
export async function getFeeSettings(db: Kysely<DB>): Promise<FeeSettings> {
  const stored = await getSetting<Partial<FeeSettings>>(db, FEE_SETTINGS_KEY, {});
  return { ...DEFAULT_FEE_SETTINGS, ...stored };
}

export const enabled = (flag: Flag) => flag === '1';

/** The gateways the school has switched on, in its list's order: the public admission form pays through them too. */
export async function enabledGateways(db: Kysely<DB>): Promise<Array<{ value: GatewayKey; name: string }>> {
  return (await getFeeSettings(db)).payment_gateway_list.filter((g) => g.enabled).map(({ value, name }) => ({ value, name }));
}
