/**
 * Fullscreen for the test (spec 4 §4): asked for when the test opens (the browser may want a tap
 * first, which the screen's Fullscreen button gives), and `left` turns true each time the student
 * leaves it while the test runs, for the screen's alert.
 */
import { useCallback, useEffect, useState } from 'react';

export function useFullscreen(running: boolean) {
  const supported = typeof document !== 'undefined' && typeof document.documentElement.requestFullscreen === 'function';
  const [active, setActive] = useState(() => Boolean(document.fullscreenElement));
  const [left, setLeft] = useState(0);

  const enter = useCallback(() => {
    if (!supported || document.fullscreenElement) return;
    document.documentElement.requestFullscreen().catch(() => { /* not allowed without a tap: the button stays */ });
  }, [supported]);

  useEffect(() => {
    if (running) enter();
  }, [running, enter]);

  useEffect(() => {
    const changed = () => {
      const on = Boolean(document.fullscreenElement);
      setActive(on);
      if (!on && running) setLeft((n) => n + 1);
    };
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, [running]);

  // Leave fullscreen once the test is over.
  useEffect(() => {
    if (!running && document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  }, [running]);

  return { supported, active, left, enter };
}
