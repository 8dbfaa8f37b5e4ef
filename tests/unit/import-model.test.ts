import { describe, expect, it } from 'vitest';
import { importSummary, newImportId, progressPercent, progressText } from '../../src/client/pages/academics/importModel.js';

describe('student import screen', () => {
  it('says how many students were added and how many rows were not', () => {
    expect(importSummary({ added: 412, skipped: 0, errors: [{ error: 'a' }, { error: 'b' }, { error: 'c' }] })).toBe('412 students added, 3 rows not added');
    expect(importSummary({ added: 1, skipped: 2, errors: [] })).toBe('1 student added, 2 rows already there');
    expect(importSummary({ added: 12000, errors: [{ error: 'x' }] })).toBe('12,000 students added, 1 row not added');
  });

  it('shows the rows done of the total while it runs', () => {
    expect(progressText(null)).toBe('Reading the file…');
    expect(progressText({ total: 5000, done: 1250, added: 1250, skipped: 0, not_added: 0, finished: false })).toBe('1,250 of 5,000 rows');
    expect(progressPercent({ total: 5000, done: 1250, added: 1250, skipped: 0, not_added: 0, finished: false })).toBe(25);
    expect(progressPercent(null)).toBe(0);
  });

  it('makes an id the server accepts, different each time', () => {
    const a = newImportId();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newImportId()).not.toBe(a);
  });
});
