import { resourceByName } from '../../../../resources/index.js';

/**
 * Who may do what with fees, read from the bills' declaration (resources/fees/fee-payment.ts),
 * the same rule the browser's screens and menu read.
 */
const bills = resourceByName('fee-payments');

/** Staff and parents (parents only their own children's bills: the ledger's visibleBill). */
export const BILL_READERS = bills.access.read;
/** The school's fee staff: billing, payments, refunds, discounts, alerts and the reports. */
export const FEE_STAFF = bills.access.create!;
