import type { FeeItem } from '../../../generated/entities/fees.js';
import type { ResourceHooks } from '../../framework/hooks.js';
import { forgetFeeItem } from './item-totals.js';

/** A deleted fee item stays on its bills by name: the fee item totals follow its lines. */
export const feeItemHooks: ResourceHooks<FeeItem> = {
  async afterRemove(ctx, existing) {
    await forgetFeeItem(ctx.db, existing.id);
  },
};

export default feeItemHooks;
