import { describe, expect, it } from 'vitest';
import { callRequest } from '../../src/shared/calls.js';
import {
  classSection, contactBodies, createdId, exportQuery, filterStatus, initials, loadWizard, loginUsername, matchesStatus, missingStep,
  mobilesOf, moduleActive, parseStep, profileItems, saveWizard, dropWizard, searchStudents, smsCount, smsOverOne, statusLabel,
  studentBody, userBody, userLabel, validMobile, type DetailsStep, type WizardData,
} from '../../src/client/pages/students/studentModel.js';
import { byStatus } from '../../src/client/pages/reports/MultiClassReport.js';
import { appUserRows } from '../../src/client/pages/reports/AppUsersReport.js';

const details: DetailsStep = {
  ac_year_id: 2, fullname: ' Asha Rao ', mobile: '9876543210', dob: '2015-04-02', admission_no: ' 101 ', admission_date: '2026-06-01',
  class_id: 7, roll_no: 12, usn: '', aadhar_no: '123412341234', login: 'new', mobile_as_username: true, email: 'asha@example.com',
};

describe('student status', () => {
  it('shows the year status when there is one, else the student status', () => {
    expect(statusLabel({ status: 1, acy_status: 2 })).toBe('Promoted');
    expect(statusLabel({ status: 1, acy_status: -1 })).toBe('Detained');
    expect(statusLabel({ status: 3, acy_status: null })).toBe('Graduated');
    expect(statusLabel({ status: 0 })).toBe('Year Break');
    expect(statusLabel({ status: 2, acy_status: 1 })).toBe('TC');
  });
  it('filters Current by the year status and leaves TC students out', () => {
    expect(filterStatus({ status: 1, acy_status: 1 })).toBe(1);
    expect(filterStatus({ status: 1, acy_status: null })).toBe(1);
    expect(filterStatus({ status: 2, acy_status: 1 })).toBeNull();
    expect(matchesStatus({ id: 1, fullname: 'A', status: 1, acy_status: 4 }, '4')).toBe(true);
    const rows = [{ id: 1, fullname: 'A', status: 1, acy_status: 1 }, { id: 2, fullname: 'B', status: 1, acy_status: 2 }, { id: 3, fullname: 'C', status: 2, acy_status: 1 }];
    expect(byStatus(rows, [1]).map((r) => r.id)).toEqual([1]);
    expect(byStatus(rows, [1, 2]).map((r) => r.id)).toEqual([1, 2]);
    expect(byStatus(rows, null)).toHaveLength(3);
  });
});

describe('list helpers', () => {
  it('makes initials and class-section labels', () => {
    expect(initials('asha rao')).toBe('AR');
    expect(initials('  Ravi ')).toBe('R');
    expect(initials('Mohammed Ali Khan')).toBe('MK');
    expect(initials('')).toBe('?');
    expect(classSection({ class: '10', section: 'A' })).toBe('10 - A');
    expect(classSection({ class: '10', section: null })).toBe('10');
  });
  it('searches by name, admission number, mobile and SATS/USN', () => {
    const rows = [
      { id: 1, fullname: 'Asha Rao', admission_no: '101', mobile: '9876543210', usn: 'KA01' },
      { id: 2, fullname: 'Ravi Kumar', admission_no: '102', mobile: '9123456789', usn: null },
    ];
    expect(searchStudents(rows, 'asha').map((r) => r.id)).toEqual([1]);
    expect(searchStudents(rows, '102').map((r) => r.id)).toEqual([2]);
    expect(searchStudents(rows, '91234').map((r) => r.id)).toEqual([2]);
    expect(searchStudents(rows, 'ka01').map((r) => r.id)).toEqual([1]);
    expect(searchStudents(rows, '  ')).toHaveLength(2);
  });
  it('counts 160-character text messages and turns red above 159 characters', () => {
    expect(smsCount('')).toBe(0);
    expect(smsCount('a')).toBe(1);
    expect(smsCount('a'.repeat(160))).toBe(1);
    expect(smsCount('a'.repeat(161))).toBe(2);
    expect(smsOverOne('a'.repeat(159))).toBe(false);
    expect(smsOverOne('a'.repeat(160))).toBe(true);
  });
  it('checks mobiles and collects distinct valid ones', () => {
    expect(validMobile('9876543210')).toBe(true);
    expect(validMobile('5876543210')).toBe(false);
    expect(validMobile('987654321')).toBe(false);
    expect(mobilesOf([{ mobile: '9876543210' }, { mobile: '9876543210' }, { mobile: null }, { mobile: '123' }, { mobile: '7000000000' }]))
      .toEqual(['9876543210', '7000000000']);
  });
  it('builds the export query for the school or one class', () => {
    expect(exportQuery()).toEqual({});
    expect(exportQuery(3)).toEqual({});
    expect(exportQuery(3, 2)).toEqual({ class_id: '3', ac_year_id: '2' });
    expect(callRequest('students.export', {}, exportQuery(3, 2)).path).toBe('/export/students/?class_id=3&ac_year_id=2');
  });
  it('treats a module the product does not have as off', () => {
    const ctx = { role: 3, schoolModules: [], adminModules: null };
    expect(moduleActive(ctx, 'hovercraft')).toBe(false);
    expect(moduleActive(ctx, 'students')).toBe(true);
    expect(moduleActive({ ...ctx, schoolModules: [{ module_key: 'fees', enabled: 1 }] }, 'fees')).toBe(true);
    expect(moduleActive({ ...ctx, schoolModules: [{ module_key: 'fees', enabled: 0 }] }, 'fees')).toBe(false);
  });
  it('names users and reads created ids', () => {
    expect(userLabel({ name: 'Ramesh', username: '9800000001' })).toBe('Ramesh (9800000001)');
    expect(userLabel({ name: 'Ramesh', email: 'r@x.in' })).toBe('Ramesh (r@x.in)');
    expect(createdId({ user_id: 5 }, 'user_id')).toBe(5);
    expect(createdId({ id: 9 }, 'student_id')).toBe(9);
    expect(createdId(null, 'student_id')).toBeNull();
  });
  it('filters the app users report', () => {
    const rows = [
      { id: 1, fullname: 'Asha', app_user: true, admission_no: '101' },
      { id: 2, fullname: 'Ravi', app_user: false, admission_no: '102' },
    ];
    expect(appUserRows(rows, '', ['Yes']).map((r) => r.id)).toEqual([1]);
    expect(appUserRows(rows, '102', null).map((r) => r.id)).toEqual([2]);
    expect(appUserRows(rows, '', [])).toHaveLength(2);
  });
});

describe('add-student wizard', () => {
  it('refuses a later step without the earlier answers', () => {
    expect(missingStep(null, 0)).toBeNull();
    expect(missingStep(null, 3)).toBe(0);
    expect(missingStep({ details }, 1)).toBeNull();
    expect(missingStep({ details }, 2)).toBe(1);
    expect(missingStep({ details, profile: {} }, 3)).toBe(2);
    expect(missingStep({ details, profile: {}, father: null }, 3)).toBeNull();
    expect(missingStep({ details, profile: {}, father: null }, 4)).toBe(3);
    expect(missingStep({ details, profile: {}, father: null, mother: null }, 4)).toBeNull();
  });
  it('reads the step from the URL', () => {
    expect(parseStep('3')).toBe(3);
    expect(parseStep(null)).toBe(0);
    expect(parseStep('9')).toBe(0);
    expect(parseStep('x')).toBe(0);
  });
  it('keeps the answers per wizard id', () => {
    const m = new Map<string, string>();
    const storage = { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
    saveWizard(storage, 'abc', { details });
    expect(loadWizard(storage, 'abc')?.details?.fullname).toBe(' Asha Rao ');
    expect(loadWizard(storage, 'other')).toBeNull();
    expect(loadWizard(storage, null)).toBeNull();
    dropWizard(storage, 'abc');
    expect(loadWizard(storage, 'abc')).toBeNull();
    m.set('student-add:bad', '{not json');
    expect(loadWizard(storage, 'bad')).toBeNull();
  });
  it('makes the login with the mobile as username unless unchecked', () => {
    expect(userBody(details, 'Pw3456789')).toEqual({ name: 'Asha Rao', password: 'Pw3456789', role: 1, mobile: '9876543210', email: 'asha@example.com', username: '9876543210' });
    expect(loginUsername({ ...details, mobile_as_username: false, username: ' asha.r ' })).toBe('asha.r');
    expect(userBody({ ...details, mobile_as_username: false, username: '' }, 'x').username).toBeUndefined();
  });
  it('sends the student with the father in extras and only given fields', () => {
    const data: WizardData = {
      details, profile: { gender: 'Female', religion: ' ', blood_group: 'O+' },
      father: { contact_name: 'Mohan Rao', mobile: '9000000001', occupation: 'Farmer', address: 'Mandya' }, mother: null,
    };
    expect(studentBody(data, 4)).toEqual({
      user_id: 4, ac_year_id: 2, class_id: 7, fullname: 'Asha Rao', mobile: '9876543210', dob: '2015-04-02', admission_no: '101',
      admission_date: '2026-06-01', roll_no: 12, aadhar_no: '123412341234',
      extras: { father_name: 'Mohan Rao', father_occupation: 'Farmer', address: 'Mandya' },
    });
    expect(studentBody({ details: { ...details, roll_no: null } }, null)).not.toHaveProperty('roll_no');
    expect(profileItems(9, data.profile)).toEqual([
      { student_id: 9, name: 'gender', value: 'Female' }, { student_id: 9, name: 'blood_group', value: 'O+' },
    ]);
    expect(contactBodies(9, data)).toEqual([{
      student_id: 9, contact_name: 'Mohan Rao', mobile: '9000000001', student_relation: 'Father', enable_sms: true,
      is_emergency_contact: true, address: 'Mandya',
    }]);
    expect(contactBodies(9, { ...data, father: null, mother: { contact_name: 'Sita', mobile: '9000000002', email: 's@x.in' } })[0])
      .toMatchObject({ student_relation: 'Mother', is_emergency_contact: true, email: 's@x.in' });
  });
});
