import { describe, expect, it } from 'vitest';
import { resourceByName } from '../../src/shared/registry.js';
import {
  applyEq, cleanBatchBody, cleanBody, eqValues, fillMessage, fillRoute, parseSort, prepare, searchRows, selectListCall, sortRows,
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
    expect(sortRows(rows, parseSort('n')).map((r) => r.id)).toEqual([2, 1, 3]);
    expect(sortRows(rows, parseSort('-name')).map((r) => r.id)).toEqual([3, 1, 2]);
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
    if (path === '/teachers/') return [{ id: 2, fullname: 'B' }, { id: 1, fullname: 'A' }, { id: 3, fullname: 'C' }];
    if (path === '/fail/') throw new ApiError('Not allowed', 403);
    return { id: 9 };
  });
  it('lists with search, sort and pagination on the client', async () => {
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
