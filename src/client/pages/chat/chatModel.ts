/**
 * The messenger's state, kept live on the tab's socket (no React): the chat list, the messages of
 * each conversation by id, and an outbox. A message gets its id here, before it is sent, so a resend
 * after a drop (the outbox is sent again once the socket is back) is stored and shown once; after
 * every reconnect the list and the open conversation ask for what was missed since the newest
 * message held.
 */
import type { Live } from '../../live/connection.js';

export interface ChatFile { name: string; size?: number; type?: string; path: string; url?: string; uid?: string }
export interface ChatMessage {
  id: number;
  client_id: string;
  from_user_id: number;
  to_user_id: number;
  message: string;
  files: ChatFile[];
  timestamp: string;
  status: number;
  seen_at: string | null;
  /** Still in the outbox: not yet stored by the server. */
  pending?: boolean;
}
export interface ChatPerson { id: number; name: string; role: number }
export interface ChatListItem extends ChatPerson { timestamp: string; unread: number; last_message: string; last_from_me?: boolean }

/** Spec 4 §3's role labels (anything else is Others). */
const ROLE_LABEL: Record<number, string> = { 1: 'Parent', 2: 'Teacher', 3: 'Admin', 4: 'Super Admin', 5: 'Driver', 6: 'Watchman', 7: 'Librarian' };
export const chatRoleLabel = (role: number) => ROLE_LABEL[role] ?? 'Others';

export const SEEN = 2;

/** 18 random bytes, base64url: the sender's id of a message. */
export function newMessageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

interface Outgoing { id: string; user_id: number; message: string; files: ChatFile[] }

export class ChatStore {
  list: ChatListItem[] = [];
  private byUser = new Map<number, Map<string, ChatMessage>>();
  private outbox: Outgoing[] = [];
  private fns = new Set<() => void>();
  private offs: Array<() => void> = [];
  private flushing = false;
  version = 0;
  /** The conversation on screen, whose new messages are marked seen while the window has focus. */
  open: number | null = null;

  constructor(private live: Live, private me: number, private onIncoming: (m: ChatMessage & { from: ChatPerson }) => void) {
    this.offs.push(
      live.on('message_received', (m: ChatMessage & { from: ChatPerson }) => {
        this.merge(m.from_user_id, [m]);
        this.bump(m.from_user_id, m, m.from);
        this.onIncoming(m);
      }),
      live.on('messages', (d: { user_id: number; messages: ChatMessage[] }) => this.merge(d.user_id, d.messages)),
      live.onResume(() => { void this.catchUp(); }),
      live.onStatus((s) => { if (s === 'live') void this.flush(); }),
    );
  }

  subscribe(fn: () => void) { this.fns.add(fn); return () => { this.fns.delete(fn); }; }
  close() { for (const off of this.offs) off(); }
  private changed() { this.version++; for (const fn of this.fns) fn(); }

  setList(list: ChatListItem[]) { this.list = list; this.changed(); }

  /** A conversation's messages, oldest first. */
  messages(userId: number): ChatMessage[] {
    return [...(this.byUser.get(userId)?.values() ?? [])].sort((a, b) => (a.pending ? 1 : 0) - (b.pending ? 1 : 0) || a.id - b.id);
  }

  /** Puts messages in, each once by the sender's id (a stored one replaces its pending copy). */
  merge(userId: number, messages: ChatMessage[]) {
    let map = this.byUser.get(userId);
    if (!map) this.byUser.set(userId, (map = new Map()));
    for (const m of messages) map.set(m.client_id, { ...map.get(m.client_id), ...m, pending: false });
    this.changed();
  }

  private bump(userId: number, m: ChatMessage, person?: ChatPerson) {
    const old = this.list.find((c) => c.id === userId);
    const fromOther = m.from_user_id !== this.me;
    const item: ChatListItem = {
      ...(old ?? { id: userId, name: person?.name ?? '', role: person?.role ?? 0, unread: 0 }),
      timestamp: m.timestamp, last_message: m.message || (m.files[0] ? `📎 ${m.files[0].name}` : ''), last_from_me: !fromOther,
      unread: (old?.unread ?? 0) + (fromOther && this.open !== userId ? 1 : 0),
    };
    this.list = [item, ...this.list.filter((c) => c.id !== userId)];
    this.changed();
  }

  /** Sends a message (kept in the outbox until stored); empty text with no file is ignored. */
  send(to: ChatPerson, text: string, files: ChatFile[] = []): boolean {
    const message = text.trim();
    if (!message && !files.length) return false;
    const out: Outgoing = { id: newMessageId(), user_id: to.id, message, files };
    this.outbox.push(out);
    const m: ChatMessage = {
      id: Number.MAX_SAFE_INTEGER, client_id: out.id, from_user_id: this.me, to_user_id: to.id, message, files,
      timestamp: new Date().toISOString(), status: 1, seen_at: null, pending: true,
    };
    const map = this.byUser.get(to.id) ?? new Map<string, ChatMessage>();
    map.set(out.id, m);
    this.byUser.set(to.id, map);
    this.bump(to.id, m, to);
    void this.flush();
    return true;
  }

  /** Sends the outbox in order; what fails for the network stays for the next reconnect. */
  private async flush() {
    if (this.flushing || this.live.status() !== 'live') return;
    this.flushing = true;
    try {
      while (this.outbox.length && this.live.status() === 'live') {
        const out = this.outbox[0]!;
        const answer = await this.live.send<ChatMessage>('post', { id: out.id, user_id: out.user_id, message: out.message, ...(out.files.length ? { files: out.files.map((f) => ({ path: f.path })) } : {}) });
        if (answer.success && answer.data) {
          this.outbox.shift();
          this.merge(out.user_id, [answer.data]);
        } else if (answer.error === 'No answer from the server') {
          break;
        } else {
          // Refused for good (the person left, the text too long): dropped with its reason.
          this.outbox.shift();
          this.byUser.get(out.user_id)?.delete(out.id);
          this.changed();
          this.onRefused?.(answer.error ?? 'Message not sent');
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  onRefused?: (error: string) => void;

  /** The newest stored message id of a conversation (0 when none). */
  private newest(userId: number) {
    return Math.max(0, ...this.messages(userId).filter((m) => !m.pending).map((m) => m.id));
  }

  /** Loads a conversation's newest page (or those after the newest held). */
  async load(userId: number, after?: number) {
    const answer = await this.live.send<{ messages: ChatMessage[] }>('get', { user_id: userId, ...(after !== undefined ? { after } : {}) });
    if (answer.success && answer.data) this.merge(userId, answer.data.messages);
    return answer;
  }

  /** Older messages, before the oldest held. */
  async older(userId: number) {
    const oldest = this.messages(userId).find((m) => !m.pending);
    if (!oldest) return 0;
    const answer = await this.live.send<{ messages: ChatMessage[] }>('get', { user_id: userId, before: oldest.id });
    if (answer.success && answer.data) this.merge(userId, answer.data.messages);
    return answer.data?.messages.length ?? 0;
  }

  async search(userId: number, q: string): Promise<ChatMessage[]> {
    const answer = await this.live.send<{ messages: ChatMessage[] }>('get', { user_id: userId, q });
    return answer.data?.messages ?? [];
  }

  /** Marks what the other person sent as seen, when there is something unseen. */
  async markSeen(userId: number) {
    const unseen = this.messages(userId).some((m) => m.from_user_id === userId && m.status !== SEEN);
    const item = this.list.find((c) => c.id === userId);
    if (!unseen && !item?.unread) return;
    const answer = await this.live.send<ChatListItem[]>('seen', { user_id: userId });
    if (answer.success && answer.data) {
      const map = this.byUser.get(userId);
      for (const m of map?.values() ?? []) if (m.from_user_id === userId) m.status = SEEN;
      this.setList(answer.data);
    }
  }

  /** After a reconnect: the list again, what the open conversation missed, the new statuses, then the outbox. */
  async catchUp() {
    const list = await this.live.send<ChatListItem[]>('chats', {});
    if (list.success && list.data) this.setList(list.data);
    if (this.open !== null) {
      const after = this.newest(this.open);
      await this.load(this.open, after);
      await this.load(this.open);
    }
    await this.flush();
  }
}
