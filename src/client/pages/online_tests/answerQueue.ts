/**
 * No answer lost: every change of an answer is written at once to the browser's local storage
 * under `online_test` (spec 4 §4) with the question marked as waiting, then sent to the server by
 * the save-one-answer call. While the network is down the waiting answers stay in the queue and
 * in storage (the screen says how many); they go when the network returns (the browser's `online`
 * event, and a retry every few seconds), newest version of each question only. A tab closed or
 * reloaded meanwhile finds them in storage when the test opens again. No React here.
 */
import type { AnswerEntry } from './testModel.js';

export const STORAGE_KEY = 'online_test';

/** What is kept in local storage for the attempt in progress. */
export interface StoredTest {
  student_id: number;
  test_id: number;
  attempt_id: number;
  answers: AnswerEntry[];
  /** Questions whose answer the server has not confirmed yet. */
  pending: number[];
  /** The question on screen. */
  current: number;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readStored(storage: StorageLike): StoredTest | null {
  try {
    const raw = storage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as StoredTest;
    return v && typeof v.attempt_id === 'number' && Array.isArray(v.answers) ? { ...v, pending: Array.isArray(v.pending) ? v.pending : [] } : null;
  } catch {
    return null;
  }
}

export function writeStored(storage: StorageLike, v: StoredTest): void {
  try { storage.setItem(STORAGE_KEY, JSON.stringify(v)); } catch { /* storage full or blocked: the server copy still goes */ }
}

export function clearStored(storage: StorageLike): void {
  try { storage.removeItem(STORAGE_KEY); } catch { /* blocked */ }
}

/** Why a send failed: the network (try again later) or the server's refusal (do not). */
export type SendFailure = { kind: 'network' } | { kind: 'refused'; message: string; status: number };

export interface QueueStatus {
  /** Questions whose latest answer is not on the server yet. */
  waiting: number;
  /** The last send failed for want of a network. */
  offline: boolean;
  /** The server refused an answer (time up, test submitted, a bad answer): its words. */
  refused: string | null;
}

export interface QueueDeps {
  storage: StorageLike;
  /** Sends one answer; resolves with the server's answer, rejects with a SendFailure. */
  send: (a: AnswerEntry) => Promise<unknown>;
  /** Told after every change of the queue's status. */
  onStatus?: (s: QueueStatus) => void;
  /** Told the server's seconds left when an answer carries them. */
  onSecondsLeft?: (s: number) => void;
}

export class AnswerQueue {
  private state: StoredTest;
  private versions = new Map<number, number>();
  private flushing: Promise<void> | null = null;
  private again = false;
  private status: QueueStatus = { waiting: 0, offline: false, refused: null };

  constructor(initial: StoredTest, private deps: QueueDeps) {
    this.state = { ...initial, pending: [...new Set(initial.pending)] };
    for (const id of this.state.pending) this.versions.set(id, 1);
    writeStored(deps.storage, this.state);
    this.report({ waiting: this.state.pending.length });
  }

  get snapshot(): StoredTest { return this.state; }
  get current(): QueueStatus { return this.status; }

  /** The question on screen, kept so a reopened test shows the same one. */
  setCurrent(index: number): void {
    this.state = { ...this.state, current: index };
    writeStored(this.deps.storage, this.state);
  }

  /** An answer changed: stored at once, queued, and sent. */
  record(entry: AnswerEntry): Promise<void> {
    const answers = this.state.answers.some((a) => a.question_id === entry.question_id)
      ? this.state.answers.map((a) => (a.question_id === entry.question_id ? entry : a))
      : [...this.state.answers, entry];
    const pending = this.state.pending.includes(entry.question_id) ? this.state.pending : [...this.state.pending, entry.question_id];
    this.state = { ...this.state, answers, pending };
    this.versions.set(entry.question_id, (this.versions.get(entry.question_id) ?? 0) + 1);
    writeStored(this.deps.storage, this.state);
    this.report({ waiting: pending.length });
    return this.flush();
  }

  /** Sends every waiting answer, one at a time; resolves when the queue is empty or the network is down. */
  flush(): Promise<void> {
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    this.flushing = this.run().finally(() => { this.flushing = null; });
    return this.flushing;
  }

  /** Whether every answer is on the server. */
  get settled(): boolean { return this.state.pending.length === 0; }

  private async run(): Promise<void> {
    do {
      this.again = false;
      for (const id of [...this.state.pending]) {
        const entry = this.state.answers.find((a) => a.question_id === id);
        const version = this.versions.get(id) ?? 0;
        if (!entry) { this.drop(id, version); continue; }
        try {
          const res = await this.deps.send(entry);
          const seconds = (res as { seconds_left?: unknown } | null)?.seconds_left;
          if (typeof seconds === 'number') this.deps.onSecondsLeft?.(seconds);
          this.drop(id, version);
          this.report({ offline: false });
        } catch (e) {
          const f = e as SendFailure;
          if (f?.kind === 'refused') {
            // The server will not take it (time up, already submitted): sending again would not help.
            this.drop(id, version);
            this.report({ refused: f.message, offline: false });
          } else {
            this.report({ offline: true });
            return;
          }
        }
      }
    } while (this.again);
  }

  /** The answer of this version is on the server (or refused): off the queue unless it changed since. */
  private drop(id: number, version: number): void {
    if ((this.versions.get(id) ?? 0) !== version) return;
    this.state = { ...this.state, pending: this.state.pending.filter((p) => p !== id) };
    writeStored(this.deps.storage, this.state);
    this.report({ waiting: this.state.pending.length });
  }

  private report(patch: Partial<QueueStatus>): void {
    this.status = { ...this.status, ...patch };
    this.deps.onStatus?.(this.status);
  }
}
