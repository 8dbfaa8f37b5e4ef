import type { InventoryItem } from '../../../generated/entities/finance.js';
import { toPaise, toRupees } from '../../../shared/money.js';
import { badRequest } from '../../framework/errors.js';
import type { ResourceHooks } from '../../framework/hooks.js';

/** The total is amount + tax, in paise; a total sent by the form must agree with it. */
function withTotal<T extends Partial<InventoryItem>>(data: T, existing?: InventoryItem): T {
  const amount = data.amount ?? existing?.amount ?? 0;
  const tax = data.tax ?? existing?.tax ?? 0;
  const total = toPaise(Number(amount)) + toPaise(Number(tax));
  if (data.total_amount != null && toPaise(data.total_amount) !== total) throw badRequest('Total must be amount plus tax');
  return { ...data, total_amount: toRupees(total) };
}

export const inventoryItemHooks: ResourceHooks<InventoryItem> = {
  beforeCreate: (_ctx, data) => withTotal(data),
  beforeUpdate: (_ctx, data, existing) => withTotal(data, existing),
};

export default inventoryItemHooks;
