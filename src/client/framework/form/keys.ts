import type { KeyboardEvent } from 'react';

/**
 * Enter in a date picker confirms the typed date; without this it would also submit the
 * surrounding form before the value is taken.
 */
export const keepEnterInPicker = (e: KeyboardEvent) => {
  if (e.key === 'Enter') e.preventDefault();
};
