/**
 * Entry: picks the logged-out screens or the application before loading either,
 * so the login screen never downloads Refine, RJSF or the generated framework
 * until it is on screen; then it fetches them while the person types, and a login
 * switches to the application in this page.
 */
import { lazy, StrictMode, Suspense, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { EntryContext, type Entry } from './entry.js';
import { readSession } from './session.js';
import { AppBoundary } from './app/screen/AppBoundary.js';

let appCode: Promise<unknown> | null = null;
/** The signed-in app and its home screen, fetched once. */
const loadAppCode = () => (appCode ??= Promise.all([import('./app/App.js'), import('./pages/dashboard/Dashboard.js')]).catch((e) => {
  appCode = null; // a failed fetch (offline) is tried again next time
  throw e;
}));

/**
 * After the login form goes, Tab starts again from the top of the page (the skip link), as it
 * would after a page load: the browser otherwise carries on from where the Login button was.
 */
function focusFromTop() {
  const marker = document.createElement('span');
  marker.tabIndex = -1;
  document.body.prepend(marker);
  marker.focus({ preventScroll: true });
  marker.remove();
}

const PublicApp = lazy(() => import('./public/PublicApp.js'));
const App = lazy(() => loadAppCode().then(() => import('./app/App.js')));

/** Paths that are always the logged-out screens, even with a stored session. */
const PUBLIC_PATHS = ['/forgot-password', '/reset-password'];
/** The public application pages (/admissions/apply/…): a parent's, whoever is signed in on this browser. */
const isApplyPath = (path: string) => path === '/admissions/apply' || path.startsWith('/admissions/apply/');

function Root() {
  const [signedIn, setSignedIn] = useState(() => readSession() !== null);
  const path = window.location.pathname.replace(/\/+$/, '') || '/';
  const isPublic = !signedIn || PUBLIC_PATHS.includes(path) || isApplyPath(path);
  if (signedIn && path === '/login') {
    // A logged-in user asking for the login screen goes home instead.
    window.history.replaceState(null, '', '/');
  }
  const entry = useMemo<Entry>(() => ({
    loadApp: loadAppCode,
    enterApp: async () => {
      // The start-up calls leave now rather than once the app is drawn.
      await import('./app/startup.js').then((m) => m.beginStartup(), () => undefined);
      window.history.replaceState(null, '', '/');
      focusFromTop();
      setSignedIn(readSession() !== null);
    },
  }), []);
  return (
    <AppBoundary>
      <EntryContext.Provider value={entry}>
        <Suspense fallback={null}>{isPublic ? <PublicApp /> : <App />}</Suspense>
      </EntryContext.Provider>
    </AppBoundary>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
