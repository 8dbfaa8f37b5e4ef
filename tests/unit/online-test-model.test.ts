/** The online test-taking screen's rules (spec 4 §4) and its answer queue that loses nothing offline. */
import { describe, expect, it } from 'vitest';
import {
  QUESTION_STATE as S, STATE_STYLE, blankAnswer, chooseOption, change, clear, clockFrom, markForReview, mergeAnswers,
  needsConfirmation, remaining, save, timerText, visit, type AnswerEntry,
} from '../../src/client/pages/online_tests/testModel.js';
import { AnswerQueue, STORAGE_KEY, readStored, type SendFailure, type StoredTest } from '../../src/client/pages/online_tests/answerQueue.js';

const MCQ = { type: 0 };
const MULTI = { type: 1 };
const TEXT = { type: 2 };
const at = (state: AnswerEntry['state'], extra: Partial<AnswerEntry> = {}): AnswerEntry => ({ ...blankAnswer(7), state, ...extra });

describe('palette', () => {
  it("colours the six states as the spec's table", () => {
    expect(Object.fromEntries(Object.entries(STATE_STYLE).map(([k, v]) => [k, v.colour])))
      .toEqual({ 0: 'red', 1: 'white', 2: 'green', 3: 'purple', 4: 'red', 5: 'blue' });
  });

  it('makes a cleared or unvisited question visited (4) when opened, and leaves the others', () => {
    expect(visit(at(S.CLEARED)).state).toBe(S.VISITED);
    expect(visit(at(S.UNVISITED)).state).toBe(S.VISITED);
    for (const s of [S.SAVED, S.REVIEW, S.VISITED, S.REVIEW_ANSWERED]) expect(visit(at(s)).state).toBe(s);
  });

  it('Save & Next saves an answered question (2) and leaves an unanswered one visited (4)', () => {
    expect(save(MCQ, at(S.VISITED, { option: 3 })).state).toBe(S.SAVED);
    expect(save(MCQ, at(S.VISITED)).state).toBe(S.VISITED);
    expect(save(TEXT, at(S.VISITED, { answer: '<p> </p>' })).state).toBe(S.VISITED);
    expect(save(TEXT, at(S.VISITED, { answer: 'Photosynthesis' })).state).toBe(S.SAVED);
    expect(save({ type: 3 }, at(S.VISITED, { files: [{ path: 'a/b.jpg' }] })).state).toBe(S.SAVED);
  });

  it('Mark for review is blue (5) with an answer and purple (3) without', () => {
    expect(markForReview(MULTI, at(S.VISITED, { option: [1, 2] })).state).toBe(S.REVIEW_ANSWERED);
    expect(markForReview(MULTI, at(S.VISITED, { option: [] })).state).toBe(S.REVIEW);
  });

  it('Clear takes the answer away and sets the question cleared (0)', () => {
    expect(clear(at(S.SAVED, { option: 2, answer: 'x', files: [{ path: 'p' }] }))).toEqual(at(S.CLEARED));
  });

  it('a single-correct question takes one option, a multiple-correct one toggles them', () => {
    let a = chooseOption(MCQ, at(S.VISITED), 4);
    a = chooseOption(MCQ, a, 5);
    expect(a.option).toBe(5);
    let m = chooseOption(MULTI, at(S.VISITED), 4);
    m = chooseOption(MULTI, m, 5);
    m = chooseOption(MULTI, m, 4);
    expect(m.option).toEqual([5]);
  });

  it('a changed answer keeps a review mark, follows it, and unsaves a saved question left empty', () => {
    expect(change(MCQ, at(S.REVIEW), { option: 1 }).state).toBe(S.REVIEW_ANSWERED);
    expect(change(MCQ, at(S.REVIEW_ANSWERED, { option: 1 }), { option: null }).state).toBe(S.REVIEW);
    expect(change(TEXT, at(S.SAVED, { answer: 'a' }), { answer: '' }).state).toBe(S.VISITED);
    expect(change(TEXT, at(S.SAVED, { answer: 'a' }), { answer: 'ab' }).state).toBe(S.SAVED);
    expect(change(TEXT, at(S.CLEARED), { answer: 'a' }).state).toBe(S.VISITED);
  });

  it("asks 'Submit Anyway' when any question is in a state other than 0, 2 or 5", () => {
    expect(needsConfirmation([at(S.CLEARED), at(S.SAVED), at(S.REVIEW_ANSWERED)])).toBe(false);
    for (const s of [S.UNVISITED, S.REVIEW, S.VISITED]) expect(needsConfirmation([at(S.SAVED), at(s)])).toBe(true);
  });
});

describe('timer', () => {
  it("counts down from the server's seconds left on the monotonic clock, never below zero", () => {
    const c = clockFrom(90, 1_000);
    expect(remaining(c, 1_000)).toBe(90);
    expect(remaining(c, 1_500)).toBe(90);
    expect(remaining(c, 2_000)).toBe(89);
    expect(remaining(c, 91_000)).toBe(0);
    expect(remaining(c, 500_000)).toBe(0);
    expect(remaining(clockFrom(-4, 0), 0)).toBe(0);
  });

  it('writes mm:ss, and h:mm:ss from an hour', () => {
    expect(timerText(0)).toBe('00:00');
    expect(timerText(65)).toBe('01:05');
    expect(timerText(3_725)).toBe('1:02:05');
  });
});

describe('resume', () => {
  it("lays this device's unsent answers over the server's, and gives every question an entry", () => {
    const server = [{ ...blankAnswer(1), state: S.SAVED, option: 10 }, { ...blankAnswer(2), state: S.SAVED, option: 20 }] as AnswerEntry[];
    const local = [{ ...blankAnswer(1), state: S.SAVED, option: 11 }, { ...blankAnswer(2), state: S.VISITED, option: 21 }] as AnswerEntry[];
    const merged = mergeAnswers([{ id: 1 }, { id: 2 }, { id: 3 }], server, local, new Set([2]));
    expect(merged.map((a) => a.option)).toEqual([10, 21, null]);
    expect(merged[2]!.state).toBe(S.UNVISITED);
  });
});

/** A storage the queue writes to, read back as the next page load would. */
function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
}

const start = (): StoredTest => ({ student_id: 5, test_id: 2, attempt_id: 9, answers: [], pending: [], current: 0 });

describe('answer queue', () => {
  it('stores each change under online_test and sends it, taking the seconds left from the answer', async () => {
    const storage = memoryStorage();
    const sent: AnswerEntry[] = [];
    const seconds: number[] = [];
    const q = new AnswerQueue(start(), { storage, send: async (a) => { sent.push(a); return { seconds_left: 100 }; }, onSecondsLeft: (s) => seconds.push(s) });
    await q.record({ ...blankAnswer(1), state: S.SAVED, option: 3 });
    expect(sent.map((a) => a.option)).toEqual([3]);
    expect(seconds).toEqual([100]);
    expect(q.settled).toBe(true);
    expect(JSON.parse(storage.getItem(STORAGE_KEY)!).answers[0].option).toBe(3);
  });

  it('keeps answers waiting while the network is down, and sends the newest of each when it returns', async () => {
    const storage = memoryStorage();
    let online = false;
    const sent: AnswerEntry[] = [];
    const statuses: number[] = [];
    const q = new AnswerQueue(start(), {
      storage,
      send: async (a) => { if (!online) throw { kind: 'network' } satisfies SendFailure; sent.push(a); return {}; },
      onStatus: (s) => statuses.push(s.waiting),
    });
    await q.record({ ...blankAnswer(1), state: S.VISITED, option: 3 });
    await q.record({ ...blankAnswer(1), state: S.SAVED, option: 4 });
    await q.record({ ...blankAnswer(2), state: S.SAVED, option: 8 });
    expect(q.current).toMatchObject({ offline: true, waiting: 2 });
    // A reload now finds both answers and both still waiting.
    const reloaded = readStored(storage)!;
    expect(reloaded.pending.sort()).toEqual([1, 2]);
    expect(reloaded.answers.map((a) => a.option)).toEqual([4, 8]);
    online = true;
    await q.flush();
    expect(sent.map((a) => [a.question_id, a.option])).toEqual([[1, 4], [2, 8]]);
    expect(q.current).toMatchObject({ offline: false, waiting: 0 });
    expect(readStored(storage)!.pending).toEqual([]);
  });

  it('a queue made from storage sends what an earlier page left waiting', async () => {
    const storage = memoryStorage();
    const sent: number[] = [];
    const q = new AnswerQueue({ ...start(), answers: [{ ...blankAnswer(3), state: S.SAVED, option: 1 }], pending: [3] }, { storage, send: async (a) => { sent.push(a.question_id); } });
    expect(q.current.waiting).toBe(1);
    await q.flush();
    expect(sent).toEqual([3]);
  });

  it("an answer changed while its earlier version is on the way is sent again, and a refusal is not retried", async () => {
    const storage = memoryStorage();
    const sent: Array<number | number[] | null> = [];
    let release!: () => void;
    const first = new Promise<void>((r) => { release = r; });
    let n = 0;
    const q = new AnswerQueue(start(), {
      storage,
      send: async (a) => {
        n += 1;
        if (n === 1) await first;
        if (a.option === 9) throw { kind: 'refused', message: 'Time is up', status: 400 } satisfies SendFailure;
        sent.push(a.option);
      },
    });
    const one = q.record({ ...blankAnswer(1), state: S.SAVED, option: 1 });
    const two = q.record({ ...blankAnswer(1), state: S.SAVED, option: 2 });
    release();
    await Promise.all([one, two]);
    expect(sent).toEqual([1, 2]);
    await q.record({ ...blankAnswer(1), state: S.SAVED, option: 9 });
    expect(q.current).toMatchObject({ refused: 'Time is up', waiting: 0 });
  });
});
