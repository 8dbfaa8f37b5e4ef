/** Notification settings shared by generated pages: errors show the server's own text. */
import type { HttpError, OpenNotificationParams } from '@refinedev/core';
import type { NotificationConfig } from 'antd/es/notification/interface';
import { GENERIC_ERROR } from '../api.js';

export const errorNotification = (err?: HttpError): OpenNotificationParams => ({
  message: err?.message || GENERIC_ERROR,
  type: 'error',
});

/** Where toasts appear: bottom right, clear of the page's own top-right buttons (Print, Export). */
export const NOTIFICATION_PLACEMENT: NotificationConfig = { placement: 'bottomRight' };
