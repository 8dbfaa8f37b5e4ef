import { createContext } from 'react';

/** Told after a book is issued or returned from a row's buttons, so a screen showing the book elsewhere (the search by code) reads it again. */
export const AfterLending = createContext<() => void>(() => {});
