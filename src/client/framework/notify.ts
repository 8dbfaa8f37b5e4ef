/** Notification settings shared by generated pages: errors show the server's own text. */
import type { HttpError, OpenNotificationParams } from '@refinedev/core';
import { GENERIC_ERROR } from '../api.js';

export const errorNotification = (err?: HttpError): OpenNotificationParams => ({
  message: err?.message || GENERIC_ERROR,
  type: 'error',
});
