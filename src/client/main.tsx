/**
 * Entry: picks the logged-out screens or the application before loading either,
 * so the login screen never downloads Refine, RJSF or the generated framework.
 */
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { readSession } from './session.js';
import { AppBoundary } from './app/screen/AppBoundary.js';

const PublicApp = lazy(() => import('./public/PublicApp.js'));
const App = lazy(() => import('./app/App.js'));

/** Paths that are always the logged-out screens, even with a stored session. */
const PUBLIC_PATHS = ['/forgot-password', '/reset-password'];

function Root() {
  const path = window.location.pathname.replace(/\/+$/, '') || '/';
  const session = readSession();
  const isPublic = !session || PUBLIC_PATHS.includes(path);
  if (session && path === '/login') {
    // A logged-in user asking for the login screen goes home instead.
    window.history.replaceState(null, '', '/');
  }
  return <AppBoundary><Suspense fallback={null}>{isPublic ? <PublicApp /> : <App />}</Suspense></AppBoundary>;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
