import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import {
  attendanceByDate, calendarStart, chartMax, latestYear, marksGrid, monthlyBars, profileValue, textMobiles, tooManySms,
} from '../../src/client/pages/students/detailsModel.js';
import { statusLabel } from '../../src/client/pages/students/studentModel.js';
import { currentBalance, ledger } from '../../src/client/pages/students/pocketMoneyModel.js';
import { PROMOTE_MSG, classLevel, lowerClassProblem, promoteBody, promoteProblem, promoteQuestion } from '../../src/shared/promotion.js';
import { callRequest } from '../../src/shared/calls.js';
import { isCsvName, uploadRule } from '../../src/client/framework/upload.js';
import { permitted, rowComponent } from '../../src/client/framework/list/rowExtras.js';
import { resourceByName } from '../../src/shared/registry.js';

describe('student details helpers', () => {
  const years = [
    { aym_id: 1, ac_year_id: 1, ac_year: '2025-26', class: '9', section: 'A', admission_type: 'NEW' },
    { aym_id: 7, ac_year_id: 2, ac_year: '2026-27', class: '10', section: 'A', admission_type: 'RE ADM.' },
  ];
  it('preselects the latest year (years come oldest first)', () => {
    expect(latestYear(years)?.ac_year_id).toBe(2);
    expect(latestYear([])).toBeUndefined();
    expect(latestYear(undefined)).toBeUndefined();
  });
  it('shows the year status when there is one, else the student status', () => {
    expect(statusLabel({ acy_status: 2, status: 1 })).toBe('Promoted');
    expect(statusLabel({ acy_status: 0, status: 1 })).toBe('Year Break');
    expect(statusLabel({ acy_status: 4, status: 1 })).toBe('Shuffled');
    expect(statusLabel({ acy_status: null, status: 2 })).toBe('TC');
    expect(statusLabel({ acy_status: undefined, status: 3 })).toBe('Graduated');
    expect(statusLabel({ acy_status: null, status: null })).toBe('');
  });
  it('reads profile fields from the record or its extras', () => {
    const s = { id: 1, fullname: 'Asha', extras: { father_name: 'Ravi', address: 'MG Road' }, blood_group: 'O+' };
    expect(profileValue(s, 'father_name')).toBe('Ravi');
    expect(profileValue(s, 'blood_group')).toBe('O+');
    expect(profileValue({ ...s, father_name: 'Ravi K' }, 'father_name')).toBe('Ravi K');
    expect(profileValue(s, 'quota')).toBe('');
  });
  it('builds the marks grid with NA where a mark is missing', () => {
    const grid = marksGrid({
      tests: [{ id: 1, name: 'Mid Term' }, { id: 2, name: 'Unit Test 1' }],
      subjects: [{ id: 10, name: 'English' }, { id: 11, name: 'Mathematics' }],
      marks: [{ test_id: 1, subject_id: 10, marks: 78 }, { test_id: 2, subject_id: 11, marks: 0 }, { test_id: 2, subject_id: 10, marks: null }],
    });
    expect(grid).toEqual([
      { key: 1, test: 'Mid Term', cells: { 10: '78', 11: 'NA' } },
      { key: 2, test: 'Unit Test 1', cells: { 10: 'NA', 11: '0' } },
    ]);
    expect(marksGrid(undefined)).toEqual([]);
  });
  it('finds attendance by day and opens the calendar on the latest month with attendance', () => {
    const days = [{ id: 1, date: '2026-06-03', present: 1 }, { id: 2, date: '2026-07-14T00:00:00.000Z', present: 0, reason: 'Fever' }];
    expect(attendanceByDate(days).get('2026-07-14')?.reason).toBe('Fever');
    expect(calendarStart(days).format('YYYY-MM-DD')).toBe('2026-07-14');
    const today = dayjs('2027-01-05');
    expect(calendarStart([], today).isSame(today)).toBe(true);
  });
  it('makes the chart bars in month order with absent = total - present', () => {
    const bars = monthlyBars([{ month: '2026-07', present: 20, total: 23 }, { month: '2026-06', present: 18, total: 18 }, { month: '2026-08', present: 5, total: 3 }]);
    expect(bars.map((b) => [b.month, b.label, b.present, b.absent])).toEqual([
      ['2026-06', 'Jun 2026', 18, 0], ['2026-07', 'Jul 2026', 20, 3], ['2026-08', 'Aug 2026', 5, 0],
    ]);
    expect(chartMax(bars)).toBe(25);
    expect(chartMax([])).toBe(5);
  });
  it('texts the student and SMS-enabled contacts once each, and hints above two SMS contacts', () => {
    const contacts = [
      { mobile: '9800000001', enable_sms: true }, { mobile: '9800000002', enable_sms: false }, { mobile: '9800000003', enable_sms: true },
    ];
    expect(textMobiles({ mobile: '9800000001' }, contacts)).toEqual(['9800000001', '9800000003']);
    expect(textMobiles(undefined, [])).toEqual([]);
    expect(tooManySms(contacts)).toBe(false);
    expect(tooManySms([...contacts, { mobile: '9800000004', enable_sms: true }])).toBe(true);
  });
});

describe('pocket money ledger', () => {
  const rows = [
    { id: 3, amount: 50.1, txn_type: 1, date: '2026-07-02T10:00:00.000Z', details: 'Canteen' },
    { id: 1, amount: '500.00', txn_type: 0, date: '2026-07-01T04:30:00.000Z', details: 'Deposit' },
    { id: 2, amount: 0.2, txn_type: 0, date: '2026-07-01T04:30:00.000Z', details: 'Change' },
  ];
  it('runs the balance oldest first (date, then id) in exact rupees', () => {
    const l = ledger(rows);
    expect(l.map((r) => [r.id, r.credit, r.debit, r.balance])).toEqual([[1, 500, null, 500], [2, 0.2, null, 500.2], [3, null, 50.1, 450.1]]);
    expect(currentBalance(rows)).toBe(450.1);
    expect(currentBalance([])).toBe(0);
  });
});

describe('promotion confirmations and class levels', () => {
  const l = { fromClass: '11 - A', fromYear: '2026-27', toClass: '12 - A', toYear: '2027-28' };
  it('ask what will happen to how many students', () => {
    expect(promoteQuestion('promote', 12, l)).toBe('Promote 12 students from 11 - A 2026-27 to 12 - A 2027-28?');
    expect(promoteQuestion('promote', 1, { ...l, toClass: '11 - A' })).toBe('Keep 1 student in 11 - A for 2027-28 (detained)?');
    expect(promoteQuestion('graduate', 3, l)).toBe('Mark 3 students of 11 - A 2026-27 as graduated?');
    expect(promoteQuestion('yearBreak', 2, l)).toBe('Mark 2 students of 11 - A 2026-27 for Year Back/Break?');
    expect(promoteQuestion('shuffle', 4, { ...l, toClass: '11 - B' })).toBe('Move 4 students from 11 - A to 11 - B in 2026-27?');
  });
  it('place pre-primary before class 1 and numbers by value, and refuse only a known lower class', () => {
    expect(['Nursery', 'LKG', 'U.K.G', '1', 'IX', '10', '12'].map(classLevel)).toEqual([-3, -2, -1, 1, 9, 10, 12]);
    expect(classLevel('Special')).toBeNull();
    expect(lowerClassProblem('11', '10')).toBe('Students cannot be promoted to a lower class (11 to 10): use Year Back/Break, or the same class to detain them');
    expect(lowerClassProblem('1', 'UKG')).toMatch(/lower class \(1 to UKG\)/);
    for (const [a, b] of [['UKG', '1'], ['9', '10'], ['5', '5'], ['Special', '1'], ['5', 'Special']]) expect(lowerClassProblem(a, b), `${a}→${b}`).toBeNull();
  });
});

describe('promotion checks', () => {
  const full = { from_class: 1, from_ac_year: 2, to_class: 3, to_ac_year: 4, students: [9] };
  it('asks for the pickers first, then the selection, then the years', () => {
    expect(promoteProblem('promote', { ...full, to_class: undefined })).toBe(PROMOTE_MSG.fromTo);
    expect(promoteProblem('promote', { ...full, students: [] })).toBe(PROMOTE_MSG.promote);
    expect(promoteProblem('promote', { ...full, to_ac_year: 2 })).toBe("Academic Year can't be same");
    expect(promoteProblem('promote', { ...full, to_class: 1 })).toBeNull(); // detain
    expect(promoteProblem('promote', full)).toBeNull();
  });
  it('needs only the From side to graduate or mark a year back/break', () => {
    expect(promoteProblem('graduate', { students: [1] })).toBe('Select From class and academic year');
    expect(promoteProblem('graduate', { from_class: 1, from_ac_year: 2, students: [] })).toBe('Please select students to be graduated');
    expect(promoteProblem('yearBreak', { from_class: 1, from_ac_year: 2, students: [] })).toBe('Please select students to be marked for year back/break');
    expect(promoteProblem('yearBreak', { from_class: 1, from_ac_year: 2, students: [5] })).toBeNull();
  });
  it('shuffles within one year to another class', () => {
    expect(promoteProblem('shuffle', { ...full, students: [] })).toBe('Please select students to be promoted');
    expect(promoteProblem('shuffle', full)).toBe(PROMOTE_MSG.shuffleYear);
    expect(promoteProblem('shuffle', { ...full, to_ac_year: 2, to_class: 1 })).toBe(PROMOTE_MSG.shuffleClass);
    expect(promoteProblem('shuffle', { ...full, to_ac_year: 2 })).toBeNull();
  });
  it('sends each action to its declared call with its body', () => {
    expect(promoteBody('promote', full)).toEqual(full);
    expect(promoteBody('graduate', full)).toEqual({ from_class: 1, from_ac_year: 2, students: [9] });
    expect(callRequest('student-years.promote')).toEqual({ method: 'POST', path: '/promote/students/' });
    expect(callRequest('student-years.graduate').method).toBe('PUT');
    expect(callRequest('student-years.yearBreak').method).toBe('PATCH');
    expect(callRequest('student-years.shuffle').path).toBe('/shuffle/students/');
  });
});

describe('uploads and row extras', () => {
  it('refuses photos that are not JPG/PNG or not under 256 kB', () => {
    const photo = uploadRule('profile');
    expect(photo.accept).toBe('.jpg,.jpeg,.png');
    expect(photo.problem({ name: 'me.gif', size: 10 })).toBe('You can only upload JPG/PNG file!');
    expect(photo.problem({ name: 'me.png', size: 256 * 1024 })).toBe('Image must smaller than 256 kB!');
    expect(photo.problem({ name: 'me.JPG', size: 256 * 1024 - 1 })).toBeNull();
  });
  it('accepts .csv names only for the import', () => {
    expect(isCsvName('students.CSV')).toBe(true);
    expect(isCsvName('students.xlsx')).toBe(false);
  });
  it('shows a row extra only with the permission it requires', () => {
    const classes = resourceByName('classes');
    const ctx = (role: number) => ({ role, schoolModules: [], adminModules: null });
    expect(rowComponent('ImportStudents')).toEqual({ component: 'ImportStudents' });
    const requires = { resource: 'students', permission: 'create' as const };
    expect(permitted(ctx(4), classes, requires)).toBe(true);
    expect(permitted(ctx(2), classes, requires)).toBe(false);
    expect(permitted(ctx(2), classes, undefined)).toBe(true);
    expect(permitted(ctx(4), classes, { resource: 'nothing', permission: 'read' })).toBe(false);
    expect(classes.list?.rowComponents?.map(rowComponent).map((c) => c.component)).toContain('ImportStudents');
    expect(classes.list?.links?.find((l) => l.download)?.to).toBe('/templates/students-import.csv');
  });
});
