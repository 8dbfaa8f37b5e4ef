/**
 * The attempt behind the test-taking screen: it starts (or resumes, on any device) the attempt
 * on the server, lays this device's unsent answers over the saved ones, keeps every change in
 * local storage and sends it, counts down on the server's clock, and submits, at zero by itself.
 * A submission that finds no network waits for it and goes when it returns.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { AnswerQueue, clearStored, readStored, type QueueStatus } from './answerQueue.js';
import { sendAnswer, startAttempt, submitAttempt, type AttemptKey, type StartedAttempt, type Submitted } from './attemptApi.js';
import { clockFrom, mergeAnswers, remaining, visit, type AnswerEntry, type ServerClock } from './testModel.js';
import { errorText } from '../../api.js';

export type Phase =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'taking' }
  | { kind: 'submitting'; waitingNetwork: boolean }
  | { kind: 'done'; result: Submitted | null; closedByServer: string | null };

const RETRY_MS = 5_000;
const now = () => performance.now();

export function useAttempt(key: AttemptKey | null) {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [started, setStarted] = useState<StartedAttempt | null>(null);
  const [answers, setAnswers] = useState<AnswerEntry[]>([]);
  const [current, setCurrent] = useState(0);
  const [queueStatus, setQueueStatus] = useState<QueueStatus>({ waiting: 0, offline: false, refused: null });
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const queue = useRef<AnswerQueue | null>(null);
  const clock = useRef<ServerClock | null>(null);
  const opened = useRef(0);
  const submitting = useRef(false);

  // Start or resume the attempt.
  useEffect(() => {
    if (!key) return;
    let cancelled = false;
    startAttempt(key).then((s) => {
      if (cancelled) return;
      const stored = readStored(localStorage);
      const mine = stored && stored.attempt_id === s.attempt_id ? stored : null;
      const merged = mergeAnswers(s.questions, s.answers, mine?.answers ?? [], new Set(mine?.pending ?? []));
      const at = Math.min(Math.max(mine?.current ?? 0, 0), Math.max(merged.length - 1, 0));
      merged[at] = merged[at] ? visit(merged[at]) : merged[at]!;
      clock.current = clockFrom(s.seconds_left, now());
      opened.current = now();
      queue.current = new AnswerQueue(
        { ...key, attempt_id: s.attempt_id, answers: merged, pending: (mine?.pending ?? []).filter((id) => merged.some((a) => a.question_id === id)), current: at },
        {
          storage: localStorage,
          send: (a) => sendAnswer({ ...key, attempt_id: s.attempt_id }, a),
          onStatus: setQueueStatus,
          onSecondsLeft: (sec) => { clock.current = clockFrom(sec, now()); },
        },
      );
      setStarted(s);
      setAnswers(merged);
      setCurrent(at);
      setSecondsLeft(s.seconds_left);
      setPhase({ kind: 'taking' });
      void queue.current.flush();
    }).catch((e) => { if (!cancelled) setPhase({ kind: 'failed', message: errorText(e) }); });
    return () => { cancelled = true; };
  }, [key?.student_id, key?.test_id]); // eslint-disable-line react-hooks/exhaustive-deps

  // Send what waits when the network returns, and try again every few seconds while any waits.
  useEffect(() => {
    const flush = () => { void queue.current?.flush(); };
    window.addEventListener('online', flush);
    const t = window.setInterval(() => { if (queue.current && !queue.current.settled) flush(); }, RETRY_MS);
    return () => { window.removeEventListener('online', flush); window.clearInterval(t); };
  }, []);

  /** Puts a changed answer on screen, in storage and on its way to the server. */
  const update = useCallback((entry: AnswerEntry) => {
    setAnswers((list) => list.map((a) => (a.question_id === entry.question_id ? entry : a)));
    void queue.current?.record(entry);
  }, []);

  /** Opens question `index`, visiting it. */
  const go = useCallback((index: number) => {
    setCurrent(index);
    queue.current?.setCurrent(index);
    setAnswers((list) => {
      const a = list[index];
      if (!a) return list;
      const v = visit(a);
      if (v !== a) void queue.current?.record(v);
      return v === a ? list : list.map((x, i) => (i === index ? v : x));
    });
  }, []);

  const submit = useCallback(async () => {
    if (!key || !started || submitting.current) return;
    submitting.current = true;
    const attempt = { ...key, attempt_id: started.attempt_id };
    const duration = Math.round((now() - opened.current) / 1000);
    for (;;) {
      setPhase({ kind: 'submitting', waitingNetwork: false });
      await queue.current?.flush();
      try {
        const result = await submitAttempt(attempt, queue.current?.snapshot.answers ?? [], duration);
        clearStored(localStorage);
        setPhase({ kind: 'done', result, closedByServer: null });
        return;
      } catch (e) {
        const f = e as { kind: string; message?: string };
        if (f.kind === 'refused') {
          // Closed already (the server's clock, or another device submitted): what it saved stands.
          clearStored(localStorage);
          setPhase({ kind: 'done', result: null, closedByServer: f.message ?? null });
          return;
        }
        setPhase({ kind: 'submitting', waitingNetwork: true });
        await new Promise<void>((resolve) => {
          const t = window.setTimeout(done, RETRY_MS);
          function done() { window.clearTimeout(t); window.removeEventListener('online', done); resolve(); }
          window.addEventListener('online', done);
        });
      }
    }
  }, [key, started]);

  // The timer: the server's seconds left, counted down on the monotonic clock; at zero the test submits itself.
  useEffect(() => {
    if (phase.kind !== 'taking') return;
    const tick = () => {
      if (!clock.current) return;
      const left = remaining(clock.current, now());
      setSecondsLeft(left);
      if (left <= 0) void submit();
    };
    tick();
    const t = window.setInterval(tick, 500);
    return () => window.clearInterval(t);
  }, [phase.kind, submit]);

  return { phase, started, answers, current, go, update, submit, queueStatus, secondsLeft };
}
