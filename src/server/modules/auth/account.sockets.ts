import { notificationsOf } from '../../platform/notifications.js';
import { defineSocketHandlers } from '../../realtime/declared.js';

export default defineSocketHandlers('account', {
  notifications: async (ctx, payload: { since?: string }) => notificationsOf(ctx, payload.since),
});
