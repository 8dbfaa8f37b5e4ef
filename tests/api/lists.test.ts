/**
 * Generated lists paged by the server: ?page, ?page_size, ?q, ?sort and equality filters answer
 * the rows asked for with `meta.total`; without them the documented answer (the whole list) stands.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';

let t: TestApp;
let s: TestSchool;
let classId = 0;
let otherClassId = 0;
const SUBJECTS = 23;

const get = (path: string, who = '4') => t.call(s.code, `GET ${path}`, undefined, s.tokens[who]);

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  const db = schoolDb(t, s);
  const teachers = await db.insertInto('teacher').values([
    { fullname: 'Meena Rao', email: 'meena@lists.test', mobile: '9811111111', employee_id: 'E1', job_title: 'Teacher', extras: '{}' },
    { fullname: 'Arun Das', email: 'arun@lists.test', mobile: '9822222222', employee_id: 'E2', job_title: 'Teacher', extras: '{}' },
  ]).returning('id').execute();
  const classes = await db.insertInto('class').values([{ class: '7', section: 'A' }, { class: '8', section: 'B' }]).returning('id').execute();
  classId = classes[0]!.id;
  otherClassId = classes[1]!.id;
  // Names chosen so that the default order (by name) is not the order of insertion.
  await db.insertInto('subject').values(Array.from({ length: SUBJECTS }, (_, i) => ({
    class_id: classId, name: i === 0 ? 'Physics 100%' : `Subject ${String.fromCharCode(90 - i)}`, code: `C${String(i).padStart(2, '0')}`,
    subject_type: i % 3 === 0 ? 3 : 1, marks_type: 1, subject_teacher_id: teachers[i % 2]!.id, extras: JSON.stringify({ subjects: [] }),
  }))).execute();
  await db.insertInto('subject').values({ class_id: otherClassId, name: 'Music', code: 'M1', subject_type: 1, marks_type: 1, extras: '{"subjects":[]}' }).execute();
});
afterAll(() => t?.close());

describe('generated list paging', () => {
  it('answers the documented whole list, without meta, when no list parameter is given', async () => {
    const res = await get(`/subjects/${classId}/`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['success', 'data', 'error']);
    expect(res.body.data).toHaveLength(SUBJECTS);
    const names = res.body.data.map((r: any) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(res.body.data[0]).toMatchObject({ class: '7', section: 'A', teacher_name: expect.any(String) });
  });

  it('answers a page with the total, in the same order as the whole list', async () => {
    const whole = (await get(`/subjects/${classId}/`)).body.data;
    const pages: any[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await get(`/subjects/${classId}/?page=${page}&page_size=10`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, error: null, meta: { total: SUBJECTS } });
      pages.push(...res.body.data);
    }
    expect(pages).toEqual(whole);
    const second = await get(`/subjects/${classId}/?page=2&page_size=10`);
    expect(second.body.data).toEqual(whole.slice(10, 20));
    const beyond = await get(`/subjects/${classId}/?page=9&page_size=10`);
    expect(beyond.body).toMatchObject({ data: [], meta: { total: SUBJECTS } });
    // page_size alone asks for the first page.
    expect((await get(`/subjects/${classId}/?page_size=4`)).body.data).toEqual(whole.slice(0, 4));
  });

  it('searches the declared fields (a joined teacher name too), case-insensitively, with wildcards taken literally', async () => {
    const byTeacher = await get(`/subjects/${classId}/?q=meena&page=1&page_size=50`);
    expect(byTeacher.body.meta!.total).toBe(Math.ceil(SUBJECTS / 2));
    expect(byTeacher.body.data.every((r: any) => r.teacher_name === 'Meena Rao')).toBe(true);
    const byCode = await get(`/subjects/${classId}/?q=c0&page=1&page_size=50`);
    expect(byCode.body.data.map((r: any) => r.code).sort()).toEqual(['C00', 'C01', 'C02', 'C03', 'C04', 'C05', 'C06', 'C07', 'C08', 'C09']);
    const percent = await get(`/subjects/${classId}/?q=${encodeURIComponent('%')}`);
    expect(percent.body).toMatchObject({ meta: { total: 1 }, data: [{ name: 'Physics 100%' }] });
    const underscore = await get(`/subjects/${classId}/?q=_`);
    expect(underscore.body).toMatchObject({ meta: { total: 0 }, data: [] });
  });

  it('sorts by a declared column or joined field, descending with a leading -', async () => {
    const byCode = await get(`/subjects/${classId}/?sort=-code&page=1&page_size=3`);
    expect(byCode.body.data.map((r: any) => r.code)).toEqual(['C22', 'C21', 'C20']);
    const byTeacher = await get(`/subjects/${classId}/?sort=teacher_name&page=1&page_size=50`);
    const teachers = byTeacher.body.data.map((r: any) => r.teacher_name);
    expect(teachers[0]).toBe('Arun Das');
    expect(teachers.at(-1)).toBe('Meena Rao');
    // Within one teacher the declared order (by name) holds.
    const arun = byTeacher.body.data.filter((r: any) => r.teacher_name === 'Arun Das').map((r: any) => r.name);
    expect(arun).toEqual([...arun].sort());
  });

  it('filters by declared columns, beside the path parameters', async () => {
    const electives = await get(`/subjects/${classId}/?subject_type=3`);
    expect(electives.body.meta!.total).toBe(Math.ceil(SUBJECTS / 3));
    expect(electives.body.data.every((r: any) => r.subject_type === 3)).toBe(true);
    const all = await get(`/subjects/?class_id=${otherClassId}`);
    expect(all.body).toMatchObject({ meta: { total: 1 }, data: [{ name: 'Music' }] });
    const named = await get(`/subjects/?name=Music&page=1&page_size=5`);
    expect(named.body.data.map((r: any) => r.class_id)).toEqual([otherClassId]);
  });

  it('refuses unknown parameters and bad values with a clear message', async () => {
    const cases: Array<[string, RegExp]> = [
      [`/subjects/${classId}/?colour=red`, /^Unknown list parameter colour: use page, page_size, q, sort or a filter by id, class_id, name, code/],
      [`/subjects/${classId}/?extras=1`, /^Unknown list parameter extras/],
      [`/subjects/${classId}/?sort=colour`, /^Sort by one of: id, class_id, name, code, .*teacher_name/],
      [`/subjects/${classId}/?page=0`, /^Invalid page$/],
      [`/subjects/${classId}/?page_size=5000`, /^Page size must be from 1 to 1000$/],
      [`/subjects/${classId}/?subject_type=abc`, /^Invalid subject type$/],
      [`/subjects/${classId}/?subject_type=9`, /^Invalid subject type$/],
      [`/subjects/${classId}/?name=a&name=b`, /^Invalid name$/],
    ];
    for (const [path, message] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.error, path).toMatch(message);
    }
    const student = await schoolDb(t, s).selectFrom('student').select('id').executeTakeFirst();
    const contacts = await get(`/student/contacts/${student?.id ?? 1}/?q=x`);
    expect(contacts.status).toBe(400);
    expect(contacts.body.error).toMatch(/cannot be searched$/);
  });

  it('keeps the role rules: a parent may not read the subjects, paged or not', async () => {
    expect((await get(`/subjects/${classId}/?page=1`, '1')).status).toBe(403);
    const teacher = await get(`/subjects/${classId}/?page=1&page_size=5`, '2');
    expect(teacher.body.meta!.total).toBe(SUBJECTS);
  });
});
