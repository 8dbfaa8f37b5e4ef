import { createContext, useContext, useState } from 'react';
import { useInvalidate } from '@refinedev/core';

/** Told after a book is issued or returned from a row's buttons, so a screen showing the book elsewhere (the search by code) reads it again. */
export const AfterLending = createContext<() => void>(() => {});

/**
 * An issue or a return from a book's row: the call behind a busy button, then the dialog closes
 * and every screen showing the book reads it again. A refused call has shown the server's
 * reason; the dialog stays for another try.
 */
export function useLendingAction() {
  const invalidate = useInvalidate();
  const lent = useContext(AfterLending);
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<unknown>, close: () => void) => {
    setBusy(true);
    try {
      await call();
      close();
      await invalidate({ resource: 'books', invalidates: ['list', 'detail'] });
      lent();
    } catch {
      // The declared call showed the refusal.
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
