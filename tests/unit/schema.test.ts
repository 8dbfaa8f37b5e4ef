import { describe, expect, it } from 'vitest';
import { resourceByName } from '../../src/shared/registry.js';
import { batchSchema, createSchema, DEFAULT_MAX_LENGTH, prepareSchema, updateSchema } from '../../src/shared/schema.js';
import { compile, formatErrors } from '../../src/server/framework/validation.js';

const check = (schema: any, data: unknown) => {
  const v = compile(schema);
  return v(data) ? [] : formatErrors(schema, v.errors ?? []);
};

describe('schema derivations shared by the form and the server', () => {
  const cls = resourceByName('classes').schema;

  it('gives an empty required string the required message', () => {
    expect(check(createSchema(cls), { class: '', section: 'A' })).toEqual(['Please input Class']);
    expect(check(createSchema(cls), { section: 'A' })).toEqual(['Please input Class']);
  });

  it('limits strings that declare no limit', () => {
    const s = prepareSchema({ type: 'object', properties: { note: { type: 'string', title: 'Note' } } });
    expect(s.properties.note.maxLength).toBe(DEFAULT_MAX_LENGTH);
    expect(check(s, { note: 'x'.repeat(DEFAULT_MAX_LENGTH + 1) })).toEqual([`Note must be at most ${DEFAULT_MAX_LENGTH} characters`]);
  });

  it('refuses unknown fields and read-only fields on create', () => {
    expect(check(createSchema(cls), { class: '1', section: 'A', id: 3 })).toEqual(['Unknown field: id']);
    const year = resourceByName('acyears').schema;
    expect(check(createSchema(year), { name: 'a', syllabus: 'b', start_date: '2026-01-01', end_date: '2026-02-01', status: 1 })).toEqual(['Unknown field: status']);
  });

  it('accepts any subset on update, still typed', () => {
    expect(check(updateSchema(cls), { section: 'B' })).toEqual([]);
    expect(check(updateSchema(cls), { section: 5 })).toEqual(['Section must be text']);
  });

  it('names an enum value that is not allowed once, by its title', () => {
    expect(check(createSchema(resourceByName('subjects').schema), { class_id: 1, name: 'x', code: 'y', subject_type: 9 })).toEqual(['Subject Type is not an allowed value']);
  });

  it('builds a batch payload with shared fields and per-row messages', () => {
    const s = batchSchema(resourceByName('test-subjects'));
    expect(s.required).toEqual(['test_id', 'class_id', 'subjects']);
    expect(check(s, { test_id: 1, class_id: 2, subjects: [{ subject_id: 3 }] })).toContain('Min marks is required!');
    expect(check(s, { test_id: 1, subjects: [] })).toEqual(expect.arrayContaining(['Please select class']));
  });
});
