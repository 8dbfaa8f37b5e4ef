/**
 * Question papers (spec 3 Question papers, §5, §7, §8): created, read, updated, listed by class,
 * academic year and subject, and deleted, with the spec's messages; teachers and admins only;
 * the questions kept sanitised so no script or event handler survives, on save and on display.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { createRecord } from '../support/samples.js';

let t: TestApp;
let s: TestSchool;
let admin: string;
let classA: number;
let classB: number;
let year: number;
let science: number;
let history: number;

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);
const REQUIRED = 'Please select Class, AC Year, Subject and also enter Name';

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['3']!;
  year = (await createRecord(t, s, 'acyears', { name: '2026-27' })).id;
  classA = (await createRecord(t, s, 'classes', { class: '10', section: 'A' })).id;
  classB = (await createRecord(t, s, 'classes', { class: '10', section: 'B' })).id;
  science = (await createRecord(t, s, 'subjects', { class_id: classA, name: 'Science' })).id;
  history = (await createRecord(t, s, 'subjects', { class_id: classB, name: 'History' })).id;
});
afterAll(() => t?.close());

describe('question papers', () => {
  it("creates ('Question Paper Created', with the id), reads, updates ('Question Paper Updated') and lists them", async () => {
    const made = await call('PUT /question-papers-basic/', {
      class_id: classA, ac_year_id: year, subject_id: science, name: 'Unit Test 1', questions: '<h2>Section A</h2><ol><li>Define <strong>photosynthesis</strong>.</li></ol>',
    });
    expect(made.body).toMatchObject({ success: true, message: 'Question Paper Created' });
    const id = made.body.data.id as number;
    expect(id).toBeGreaterThan(0);

    const one = await call(`GET /question-paper-basic/${id}/`);
    expect(one.body.data).toMatchObject({
      id, name: 'Unit Test 1', class_id: classA, ac_year_id: year, subject_id: science, subject: 'Science', class: '10', section: 'A', ac_year: '2026-27',
      questions: '<h2>Section A</h2><ol><li>Define <strong>photosynthesis</strong>.</li></ol>',
    });
    expect(Number.isNaN(Date.parse(one.body.data.created))).toBe(false);

    const updated = await call(`POST /question-paper-basic/${id}/`, { class_id: classA, ac_year_id: year, subject_id: science, name: 'Unit Test 1 (revised)', questions: '<p>Q1. Name three gases.</p>' });
    expect(updated.body).toMatchObject({ success: true, message: 'Question Paper Updated', data: { id, name: 'Unit Test 1 (revised)' } });
    expect((await call(`GET /question-paper-basic/${id}/`)).body.data.questions).toBe('<p>Q1. Name three gases.</p>');

    const list = await call(`GET /question-papers-basic/${classA}/${year}/${science}/`);
    expect(list.body.data.map((p: { id: number; name: string }) => [p.id, p.name])).toEqual([[id, 'Unit Test 1 (revised)']]);
    expect((await call(`GET /question-papers-basic/${classB}/${year}/${history}/`)).body.data).toEqual([]);
  });

  it('deletes one: Question Paper Deleted, then it is gone', async () => {
    const id = (await call('PUT /question-papers-basic/', { class_id: classB, ac_year_id: year, subject_id: history, name: 'To delete' })).body.data.id;
    expect((await call(`DELETE /question-paper-basic/${id}/`)).body).toMatchObject({ success: true, message: 'Question Paper Deleted' });
    expect(await call(`GET /question-paper-basic/${id}/`)).toMatchObject({ status: 404, body: { success: false, error: 'Question paper not found' } });
    expect((await call(`DELETE /question-paper-basic/${id}/`)).status).toBe(404);
    expect((await call(`POST /question-paper-basic/${id}/`, { class_id: classB, ac_year_id: year, subject_id: history, name: 'X' })).status).toBe(404);
  });

  it(`refuses a save without class, year, subject or name: '${REQUIRED}', nothing stored`, async () => {
    const full = { class_id: classA, ac_year_id: year, subject_id: science, name: 'Refused' };
    for (const missing of ['class_id', 'ac_year_id', 'subject_id', 'name'] as const) {
      const { [missing]: _, ...body } = full;
      const res = await call('PUT /question-papers-basic/', body);
      expect(res.status, missing).toBe(400);
      expect(res.body.error, missing).toBe(REQUIRED);
    }
    expect((await call('PUT /question-papers-basic/', { ...full, name: '  ' })).body.error).toBe(REQUIRED);
    expect((await call('PUT /question-papers-basic/', { ...full, subject_id: history })).body.error).toBe('The subject is not a subject of this class');
    expect((await call('PUT /question-papers-basic/', { ...full, class_id: 999999 })).status).toBe(404);
    expect((await call('PUT /question-papers-basic/', { ...full, ac_year_id: 999999 })).body.error).toBe('Academic year not found');
    expect((await call(`GET /question-papers-basic/${classA}/${year}/${science}/`)).body.data.map((p: { name: string }) => p.name)).not.toContain('Refused');
  });

  it('keeps no script or event handler in the questions, on save and on display', async () => {
    const evil = '<p>Q1<img src=x onerror="alert(1)"></p><script>alert(2)</script><a href="javascript:alert(3)" onclick="alert(4)">link</a><p onmouseover="alert(5)">Q2</p>';
    const id = (await call('PUT /question-papers-basic/', { class_id: classA, ac_year_id: year, subject_id: science, name: 'Sanitised', questions: evil })).body.data.id;
    const shown = (await call(`GET /question-paper-basic/${id}/`)).body.data.questions as string;
    for (const bad of ['<script', 'onerror', 'onclick', 'onmouseover', 'javascript:', '<img']) expect(shown).not.toContain(bad);
    expect(shown).toContain('Q1');
    expect(shown).toContain('Q2');
    // What the store holds is clean too.
    const stored = await schoolDb(t, s).selectFrom('question_paper').select('questions').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.questions).not.toMatch(/script|onerror|javascript:/);
    // Even a row written behind the API's back is shown clean.
    await schoolDb(t, s).updateTable('question_paper').set({ questions: evil }).where('id', '=', id).execute();
    const again = (await call(`GET /question-paper-basic/${id}/`)).body.data.questions as string;
    for (const bad of ['<script', 'onerror', 'onclick', 'javascript:']) expect(again).not.toContain(bad);
  });

  it('is for teachers and admins only', async () => {
    const teacher = s.tokens['2']!;
    const made = await call('PUT /question-papers-basic/', { class_id: classA, ac_year_id: year, subject_id: science, name: 'By teacher' }, teacher);
    expect(made.body).toMatchObject({ success: true, message: 'Question Paper Created' });
    for (const token of [s.tokens['1']!, s.tokens['7']!, s.tokens['5']!]) {
      expect((await call(`GET /question-papers-basic/${classA}/${year}/${science}/`, undefined, token)).status).toBe(403);
      expect((await call('PUT /question-papers-basic/', { class_id: classA, ac_year_id: year, subject_id: science, name: 'No' }, token)).status).toBe(403);
      expect((await call(`GET /question-paper-basic/${made.body.data.id}/`, undefined, token)).status).toBe(403);
      expect((await call(`DELETE /question-paper-basic/${made.body.data.id}/`, undefined, token)).status).toBe(403);
    }
    expect((await call(`GET /question-paper-basic/${made.body.data.id}/`, undefined, s.tokens['4']!)).body.data.name).toBe('By teacher');
  });
});
