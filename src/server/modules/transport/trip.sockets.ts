import { defineSocketHandlers } from '../../realtime/declared.js';
import { recordPosition, type PositionIn } from './live.js';

/** The driver's phone sends the bus's position every few seconds during a trip (beyond spec 3). */
export default defineSocketHandlers('bus-trips', {
  position: async (ctx, payload: PositionIn) => recordPosition(ctx, payload, (code) => ctx.fail(code)),
});
