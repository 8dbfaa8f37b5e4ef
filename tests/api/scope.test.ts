/**
 * Kinds of reach (src/shared/access.ts SCOPE_KINDS) as the server applies them: a parent's own
 * students, and a teacher's classes and subjects (those they lead or teach), ready for the
 * resources whose spec restricts teachers to them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reach } from '../../src/server/framework/scope.js';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { createRecord } from '../support/samples.js';

let t: TestApp;
let s: TestSchool;
beforeAll(async () => { ({ t, s } = await openTestSchool()); });
afterAll(() => t?.close());

const idsOf = async (kind: string, userId: number, role: number) => {
  const rows = await reach({ db: schoolDb(t, s) as any, user: { id: userId, role } as any }, kind).execute();
  return rows.map((r: any) => r.id as number).sort((a, b) => a - b);
};

describe('kinds of reach', () => {
  it("give a teacher the classes they lead or teach in, and those classes' subjects with their own", async () => {
    const me = await createRecord(t, s, 'teachers', {});
    // The signed-in teacher's login is this record's.
    await schoolDb(t, s).updateTable('teacher').set({ user_id: s.users['2'] }).where('id', '=', me.id).execute();
    const other = await createRecord(t, s, 'teachers', {});
    const led = await createRecord(t, s, 'classes', { class_teacher_id: me.id });
    const taught = await createRecord(t, s, 'classes', { class_teacher_id: other.id });
    const elsewhere = await createRecord(t, s, 'classes', { class_teacher_id: other.id });
    const ledSubject = await createRecord(t, s, 'subjects', { class_id: led.id, subject_teacher_id: other.id });
    const mySubject = await createRecord(t, s, 'subjects', { class_id: taught.id, subject_teacher_id: me.id });
    await createRecord(t, s, 'subjects', { class_id: taught.id, subject_teacher_id: other.id });
    await createRecord(t, s, 'subjects', { class_id: elsewhere.id, subject_teacher_id: null });

    expect(await idsOf('teacher', s.users['2']!, 2)).toEqual([me.id]);
    expect(await idsOf('teacher_led_class', s.users['2']!, 2)).toEqual([led.id]);
    expect(await idsOf('teacher_class', s.users['2']!, 2)).toEqual([led.id, taught.id].sort((a, b) => a - b));
    expect(await idsOf('teacher_subject', s.users['2']!, 2)).toEqual([ledSubject.id, mySubject.id].sort((a, b) => a - b));
    // Someone with no teacher record reaches none.
    expect(await idsOf('teacher_class', s.users['7']!, 7)).toEqual([]);
  });

  it("give a parent only their own students", async () => {
    const mine = await createRecord(t, s, 'students', { user_id: s.users['1'] });
    await createRecord(t, s, 'students', {});
    expect(await idsOf('student', s.users['1']!, 1)).toEqual([mine.id]);
  });
});
