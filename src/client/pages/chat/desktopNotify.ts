/**
 * Desktop notifications for chat (spec 4 §4: when the window is unfocused), with spec 4 §8's
 * three messages when they cannot be shown.
 */
export const NOTIFY_MESSAGES = {
  unavailable: 'Desktop notifications not available in your browser',
  blocked: 'Please allow desktop notifications from browser settings',
  denied: 'You denied permission',
} as const;

/** Asks once for permission; tells why notifications will not show. */
export function askNotifications(warn: (text: string) => void) {
  if (typeof window === 'undefined' || !('Notification' in window)) return warn(NOTIFY_MESSAGES.unavailable);
  if (Notification.permission === 'denied') return warn(NOTIFY_MESSAGES.blocked);
  if (Notification.permission === 'default') {
    void Notification.requestPermission().then((p) => { if (p === 'denied') warn(NOTIFY_MESSAGES.denied); }).catch(() => warn(NOTIFY_MESSAGES.unavailable));
  }
}

export function notifyDesktop(title: string, body: string) {
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  const n = new Notification(title, { body, tag: 'chat' });
  n.onclick = () => { window.focus(); n.close(); };
}
