/** The announcement screens' model: audiences and messages from the declaration, and the spec's SMS counter. */
import { expect, it } from 'vitest';
import { AUDIENCES, CLASSES_REQUIRED, audienceOf, smsCounter } from '../../src/client/pages/announcements/announcementModel.js';

it("offers the spec's audiences with their labels, and its classes message", () => {
  expect(AUDIENCES).toEqual([
    { value: 0, label: 'Everyone' }, { value: 1, label: 'All Students' }, { value: 2, label: 'Teachers' }, { value: 5, label: 'Selected Classes' },
  ]);
  expect(CLASSES_REQUIRED).toBe('Please select atleast one class');
});

it('names who an announcement is for, a class by its name and section', () => {
  expect(audienceOf({ to_role: 0, class: null, section: null })).toBe('Everyone');
  expect(audienceOf({ to_role: 2, class: null, section: null })).toBe('Teachers');
  expect(audienceOf({ to_role: 5, class: '5', section: 'A' })).toBe('Class 5 A');
  // A class since deleted.
  expect(audienceOf({ to_role: 5, class: null, section: null })).toBe('Selected Classes');
});

it('counts characters and 160-character SMS, red above 159 characters', () => {
  expect(smsCounter('')).toEqual({ text: '0 characters, 0 SMS', over: false });
  expect(smsCounter('a')).toEqual({ text: '1 character, 1 SMS', over: false });
  expect(smsCounter('a'.repeat(159))).toEqual({ text: '159 characters, 1 SMS', over: false });
  expect(smsCounter('a'.repeat(160))).toEqual({ text: '160 characters, 1 SMS', over: true });
  expect(smsCounter('a'.repeat(161))).toEqual({ text: '161 characters, 2 SMS', over: true });
  expect(smsCounter('a'.repeat(321))).toEqual({ text: '321 characters, 3 SMS', over: true });
});
