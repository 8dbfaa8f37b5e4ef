/**
 * Where the window stands after a navigation. The browser keeps the scroll position of a
 * single-page app across screens, so a screen opened from low in a long list would open on
 * empty space below its content. A new screen opens at its top (or at its #anchor); Back and
 * Forward return to where the person was on that screen.
 */
import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Scroll positions by history entry, for Back and Forward. */
const positions = new Map<string, number>();
/** Entries remembered; older ones are forgotten. */
const KEPT = 100;

/** Whether the person scrolled since the last navigation (wheel, touch or keys), so a late reset leaves them be. */
let scrolledByPerson = false;
if (typeof window !== 'undefined') {
  for (const type of ['wheel', 'touchmove', 'keydown']) window.addEventListener(type, () => { scrolledByPerson = true; }, { passive: true });
}

export function useScrollOnNavigate() {
  const { pathname, hash, key } = useLocation();
  const type = useNavigationType();

  // The app restores, not the browser: its restoring happens before the screen is drawn.
  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  }, []);

  // The position of the screen being left is kept under its history entry (a layout effect's
  // clean-up runs before the scrolling below).
  useLayoutEffect(() => () => {
    positions.delete(key);
    positions.set(key, window.scrollY);
    if (positions.size > KEPT) positions.delete(positions.keys().next().value!);
  }, [key]);

  useLayoutEffect(() => {
    scrolledByPerson = false;
    if (type === 'POP') {
      const saved = positions.get(key);
      // Once the screen has drawn what it had, so the page is tall enough to stand there.
      if (saved !== undefined) requestAnimationFrame(() => window.scrollTo(0, saved));
      return;
    }
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else {
      window.scrollTo(0, 0);
      // Again once the new screen has drawn: the old screen's height may still be there a frame
      // later (a screen loaded on demand), and the browser's scroll anchoring can move the window
      // back down with it. Not if the person has scrolled meanwhile.
      requestAnimationFrame(() => { if (window.scrollY > 0 && !scrolledByPerson) window.scrollTo(0, 0); });
    }
    // A change of the query alone (a filter, a tab) keeps the place.
  }, [pathname, hash]); // eslint-disable-line react-hooks/exhaustive-deps
}
