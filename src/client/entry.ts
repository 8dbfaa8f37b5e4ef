/**
 * What the logged-out screens may ask of the entry (main.tsx): fetch the signed-in app's code
 * ahead, and switch to it in this page once a login has saved its session. No UI library here:
 * the entry imports this file.
 */
import { createContext } from 'react';

export interface Entry {
  /** Starts loading the signed-in app's code (once); resolves when it can be shown. */
  loadApp(): Promise<unknown>;
  /** Shows the signed-in app for the session just saved, at '/', without reloading the page. */
  enterApp(): Promise<void>;
}

export const EntryContext = createContext<Entry>({
  loadApp: () => Promise.resolve(),
  enterApp: async () => window.location.assign('/'),
});
