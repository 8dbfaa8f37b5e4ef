import { describe, expect, it } from 'vitest';
import { resourceByName } from '../../src/shared/registry.js';
import {
  allPages, applyEq, cleanBatchBody, cleanBody, eqValues, fillMessage, fillRoute, pagedListCall, prepare, searchRows, selectListCall,
  serverCanAnswer, sortRows,
} from '../../src/client/framework/calls.js';
import { ApiError, unwrapEnvelope } from '../../src/client/api.js';
import { createDataProvider } from '../../src/client/framework/dataProvider.js';
import { RESOURCES } from '../../src/shared/registry.js';

describe('path filling', () => {
  it('fills declared calls from values', () => {
    expect(prepare('DELETE /class/{id}/', { id: 7 })).toEqual({ method: 'DELETE', path: '/class/7/' });
    expect(prepare('GET /class/test/{test_id}/{class_id}/', { test_id: 3, class_id: 'a b' })).toEqual({ method: 'GET', path: '/class/test/3/a%20b/' });
  });
  it('fills React routes and success messages', () => {
    expect(fillRoute('/academics/test/list/:test_id', { test_id: 4 })).toBe('/academics/test/list/4');
    expect(fillMessage('{fullname} is removed from teachers', { fullname: 'Anita' })).toBe('Anita is removed from teachers');
    expect(fillMessage('{missing} stays', {})).toBe('{missing} stays');
  });
});

describe('list call selection', () => {
  const testSubjects = resourceByName('test-subjects');
  it('picks the call whose parameters are all given, most parameters first', () => {
    expect(selectListCall(testSubjects, { test_id: 2, class_id: 5 })).toEqual({ call: { method: 'GET', path: '/class/test/2/5/' }, used: ['test_id', 'class_id'] });
    expect(selectListCall(testSubjects, { test_id: 2 })).toEqual({ call: { method: 'GET', path: '/class/test/2/' }, used: ['test_id'] });
  });
  it('returns null when no declared call can be made', () => {
    expect(selectListCall(testSubjects, {})).toBeNull();
    expect(selectListCall(testSubjects, { class_id: 5, test_id: '' })).toBeNull();
  });
  it('falls back to the unparameterised call', () => {
    expect(selectListCall(resourceByName('subjects'), {})?.call.path).toBe('/subjects/');
    expect(selectListCall(resourceByName('subjects'), { class_id: 9 })?.call.path).toBe('/subjects/9/');
    expect(selectListCall(resourceByName('classes'), {})?.call.path).toBe('/classes-list/');
  });
  it('takes only eq filters with a value', () => {
    expect(eqValues([{ field: 'a', operator: 'eq', value: 1 }, { field: 'b', operator: 'contains', value: 'x' }, { field: 'c', operator: 'eq', value: '' }])).toEqual({ a: 1 });
  });
});

describe('client-side list handling', () => {
  const rows = [{ id: 1, name: 'Beta', n: 10 }, { id: 2, name: 'alpha', n: 9 }, { id: 3, name: 'Gamma', n: null }];
  it('applies equality filters the call did not consume', () => {
    expect(applyEq(rows, { id: '2', name: 'x' }, ['name'])).toEqual([rows[1]]);
  });
  it('searches case-insensitively over the given fields', () => {
    expect(searchRows(rows, 'ALP', ['name']).map((r) => r.id)).toEqual([2]);
    expect(searchRows(rows, '  ', ['name'])).toHaveLength(3);
  });
  it('sorts numbers as numbers, text naturally, empties last', () => {
    expect(sortRows(rows, [{ field: 'n', order: 'asc' }]).map((r) => r.id)).toEqual([2, 1, 3]);
    expect(sortRows(rows, [{ field: 'name', order: 'desc' }]).map((r) => r.id)).toEqual([3, 1, 2]);
  });
});

describe('envelope unwrapping', () => {
  it('gives data on success', () => {
    expect(unwrapEnvelope(200, { success: true, data: [1], error: null })).toEqual([1]);
  });
  it('throws the server text on success:false', () => {
    expect(() => unwrapEnvelope(409, { success: false, data: null, error: 'Branch code already exists' })).toThrow('Branch code already exists');
    try { unwrapEnvelope(403, { success: false, data: null, error: 'No' }); } catch (e) { expect((e as ApiError).statusCode).toBe(403); }
  });
  it('gives the generic message for a non-envelope body', () => {
    expect(() => unwrapEnvelope(502, '<html>')).toThrow('Something went wrong');
  });
});

describe('write bodies', () => {
  it('drops readOnly properties, relation fields and unknown keys', () => {
    const klass = resourceByName('classes');
    expect(cleanBody(klass, { id: 1, class: '1', section: 'A', class_teacher_name: 'X', students_count: 3, foo: 1 })).toEqual({ class: '1', section: 'A' });
  });
  it('builds the batch body with cleaned rows', () => {
    const ts = resourceByName('test-subjects');
    expect(cleanBatchBody(ts, { test_id: 1, class_id: 2, subjects: [{ subject_id: 3, subject: 'Eng', test_id: 1, min_marks: 5 }] }))
      .toEqual({ test_id: 1, class_id: 2, subjects: [{ subject_id: 3, min_marks: 5 }] });
  });
});

describe('data provider', () => {
  const calls: Array<[string, string, unknown]> = [];
  const dp = createDataProvider(RESOURCES, async (method, path, body) => {
    calls.push([method, path, body]);
    // A list answered whole, whatever its query (a hand-written call that does not page).
    if (path.split('?')[0] === '/teachers/') return [{ id: 2, fullname: 'B' }, { id: 1, fullname: 'A' }, { id: 3, fullname: 'C' }];
    if (path === '/fail/') throw new ApiError('Not allowed', 403);
    return { id: 9 };
  });
  it('searches, sorts and pages on the client a list the server answers whole (no meta.total)', async () => {
    const r = await dp.getList({ resource: 'teachers', sorters: [{ field: 'fullname', order: 'asc' }], pagination: { currentPage: 1, pageSize: 2, mode: 'server' }, filters: [] });
    expect(r).toEqual({ data: [{ id: 1, fullname: 'A' }, { id: 2, fullname: 'B' }], total: 3 });
    const s = await dp.getList({ resource: 'teachers', filters: [{ field: 'q', operator: 'contains', value: 'c' }], pagination: { mode: 'off' } });
    expect(s.data).toEqual([{ id: 3, fullname: 'C' }]);
  });
  it('maps create, update and delete onto the declared calls', async () => {
    calls.length = 0;
    await dp.create({ resource: 'branches', variables: { id: 5, name: 'N', code: 'C' } });
    await dp.update({ resource: 'branches', id: 5, variables: { name: 'M' } });
    await dp.deleteOne({ resource: 'branches', id: 5 });
    expect(calls).toEqual([['PUT', '/branches/', { name: 'N', code: 'C' }], ['POST', '/branch/5/', { name: 'M' }], ['DELETE', '/branch/5/', undefined]]);
  });
  it('turns failures into HttpErrors with the server text', async () => {
    await expect(dp.custom!({ url: '/fail/', method: 'get' })).rejects.toEqual({ message: 'Not allowed', statusCode: 403 });
  });
});

describe('lists paged by the server', () => {
  const subjects = resourceByName('subjects');
  it('sends the page, search text, sort and the filters the path does not take in the list call', () => {
    const asked = {
      filters: [{ field: 'class_id', operator: 'eq', value: 4 }, { field: 'subject_type', operator: 'eq', value: 3 }, { field: 'q', operator: 'contains', value: ' 50% off ' }],
      sorters: [{ field: 'teacher_name', order: 'desc' as const }],
      page: { current: 2, size: 25 },
    };
    expect(pagedListCall(subjects, asked)).toEqual({
      call: { method: 'GET', path: '/subjects/4/?page=2&page_size=25&q=50%25+off&sort=-teacher_name&subject_type=3' }, used: ['class_id'],
    });
    // Without a class, the unparameterised call takes it as a filter.
    expect(pagedListCall(subjects, { filters: [{ field: 'class_id', operator: 'eq', value: '' }, { field: 'name', operator: 'eq', value: 'Art' }], sorters: [] })?.call.path)
      .toBe('/subjects/?name=Art');
    expect(pagedListCall(resourceByName('test-subjects'), { filters: [], sorters: [] })).toBeNull();
  });
  it('leaves to the client what the server does not answer: a contains filter on a field, a sort it does not take, several sorts', () => {
    const ok = { filters: [{ field: 'q', operator: 'contains', value: 'x' }], sorters: [{ field: 'name', order: 'asc' as const }] };
    expect(serverCanAnswer(subjects, ok)).toBe(true);
    expect(serverCanAnswer(subjects, { ...ok, filters: [{ field: 'name', operator: 'contains', value: 'x' }] })).toBe(false);
    expect(serverCanAnswer(subjects, { ...ok, sorters: [{ field: 'extras', order: 'asc' }] })).toBe(false);
    expect(serverCanAnswer(subjects, { ...ok, sorters: [{ field: 'name', order: 'asc' }, { field: 'code', order: 'asc' }] })).toBe(false);
  });
  it('reads every page for an export, stopping at the total or a short page', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => i);
    const asked: number[] = [];
    const fetchPage = async (page: number, size: number) => { asked.push(page); return { data: rows.slice((page - 1) * size, page * size), total: rows.length }; };
    expect(await allPages(fetchPage, 3)).toEqual(rows);
    expect(asked).toEqual([1, 2, 3]);
    asked.length = 0;
    expect(await allPages(async (page) => { asked.push(page); return { data: page === 1 ? [1, 2] : [], total: 2 }; }, 2)).toEqual([1, 2]);
    expect(asked).toEqual([1]);
  });
  it('answers a table page from the server with its meta.total, and whole lists as before', async () => {
    const pages: string[] = [];
    const whole: string[] = [];
    const dp = createDataProvider(RESOURCES, async (_m, path) => { whole.push(path); return [{ id: 1, name: 'Art', class_id: 4 }, { id: 2, name: 'Music', class_id: 4 }]; }, '',
      async (_m, path) => { pages.push(path); return { data: [{ id: 51, name: 'Zoology' }], total: 51 }; });
    const page = await dp.getList({
      resource: 'subjects', filters: [{ field: 'class_id', operator: 'eq', value: 4 }, { field: 'q', operator: 'contains', value: 'zoo' }],
      sorters: [{ field: 'name', order: 'asc' }], pagination: { currentPage: 2, pageSize: 50, mode: 'server' },
    });
    expect(page).toEqual({ data: [{ id: 51, name: 'Zoology' }], total: 51 });
    expect(pages).toEqual(['/subjects/4/?page=2&page_size=50&q=zoo&sort=name']);
    const all = await dp.getList({ resource: 'subjects', filters: [{ field: 'class_id', operator: 'eq', value: 4 }], pagination: { mode: 'off' } });
    expect(all.total).toBe(2);
    expect(whole).toEqual(['/subjects/4/']);
  });
});
