/**
 * The header's notifications kept live: the list the page loaded, each one pushed since, and
 * after a reconnect those made while the socket was down (asked with the newest one's time).
 * No React here (the tests of several servers use it from Node).
 */
import type { Live } from './connection.js';

export interface Note { id: number; title: string; body: string; timestamp: string }

/** The newest first, each once, at most `limit`. */
export function mergeNotes(a: readonly Note[], b: readonly Note[], limit = 50): Note[] {
  const byId = new Map<number, Note>();
  for (const n of [...a, ...b]) byId.set(n.id, n);
  return [...byId.values()].sort((x, y) => y.timestamp.localeCompare(x.timestamp) || y.id - x.id).slice(0, limit);
}

/** Follows the notifications on `live`; `seed` is the list already loaded. Answers a stop function. */
export function followNotifications(live: Live, seed: () => readonly Note[], onChange: (notes: Note[]) => void): () => void {
  let notes = [...seed()];
  const set = (more: readonly Note[]) => {
    notes = mergeNotes(mergeNotes(notes, seed()), more);
    onChange(notes);
  };
  const offPush = live.on('notification', (n: Note) => set([n]));
  const offResume = live.onResume(() => {
    const newest = mergeNotes(notes, seed())[0]?.timestamp;
    void live.send<Note[]>('notifications', newest ? { since: newest } : {}).then((answer) => {
      if (answer.success && Array.isArray(answer.data)) set(answer.data);
    });
  });
  return () => { offPush(); offResume(); };
}
