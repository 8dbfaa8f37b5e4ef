import { useEffect, useState } from 'react';

/** The time, ticking every 15 s: a class's Join button appears five minutes before its start without a reload. */
export function useJoinClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
