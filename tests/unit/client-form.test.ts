import { describe, expect, it } from 'vitest';
import { resourceByName } from '../../src/shared/registry.js';
import {
  buildBody, dropEnumBesideOneOf, formFields, formSchema, formUiSchema, hiddenByCondition, initialCreateData, initialEditData, randomPassword,
} from '../../src/client/framework/form/formModel.js';
import { placeCustomErrors } from '../../src/client/framework/form/errors.js';

const subject = resourceByName('subjects');
const teacher = resourceByName('teachers');

describe('form fields and schema', () => {
  it('leaves out readOnly fields, and writeOnly ones on edit', () => {
    expect(formFields(teacher, 'create')).toContain('password');
    expect(formFields(teacher, 'edit')).not.toContain('password');
    expect(formFields(teacher, 'edit')).not.toContain('id');
  });
  it('trims required and messages to the visible fields and drops $id', () => {
    const s = formSchema(subject, ['class_id', 'name']);
    expect(s.$id).toBeUndefined();
    expect(Object.keys(s.properties)).toEqual(['class_id', 'name']);
    expect(s.required).toEqual(['class_id', 'name']);
    expect(Object.keys(s.errorMessage.required)).toEqual(['class_id', 'name']);
  });
  it('keeps oneOf labels for the form', () => {
    expect(dropEnumBesideOneOf({ type: 'integer', oneOf: [{ const: 1, title: 'A' }], enum: [1] })).toEqual({ type: 'integer', oneOf: [{ const: 1, title: 'A' }] });
  });
  it('makes fixed fields read-only on edit and keeps only present fields in ui:order', () => {
    const ui = formUiSchema(teacher, 'edit', formFields(teacher, 'edit'));
    expect(ui.email['ui:readonly']).toBe(true);
    expect(ui['ui:order']).not.toContain('password');
  });
});

describe('showWhen', () => {
  it('shows the sub-subject table only for elective subjects', () => {
    expect(hiddenByCondition(subject, { subject_type: 1 })).toEqual(['extras']);
    expect(hiddenByCondition(subject, { subject_type: 3 })).toEqual(['subject_teacher_id']);
  });
});

describe('initial data and bodies', () => {
  it('prefills defaults, a generated password and presets on create', () => {
    const d = initialCreateData(teacher, { fullname: 'X', id: 3 });
    expect(typeof d.password).toBe('string');
    expect((d.password as string).length).toBe(8);
    expect(d.fullname).toBe('X');
    expect(d.id).toBeUndefined();
    expect(initialCreateData(subject).subject_type).toBe(1);
  });
  it('random passwords are 8 characters from the allowed set', () => {
    expect(randomPassword(8, () => 0)).toBe('AAAAAAAA');
    expect(randomPassword(8)).toMatch(/^[A-Za-z2-9]{8}$/);
  });
  it('edit data holds only form fields', () => {
    expect(initialEditData(teacher, { id: 1, fullname: 'A', email: 'a@b.in', mobile: '9845000001', user_id: 4, employee_id: null }))
      .toEqual({ fullname: 'A', email: 'a@b.in', mobile: '9845000001' });
  });
  it('sends only changed fields on edit, never fixed ones', () => {
    const original = { fullname: 'A', email: 'a@b.in', mobile: '9845000001' };
    expect(buildBody(teacher, 'edit', { ...original, email: 'z@b.in', fullname: 'B' }, original)).toEqual({ fullname: 'B' });
  });
  it('clears the teacher when a subject becomes elective, and leaves hidden fields out on create', () => {
    const original = { class_id: 1, name: 'S', code: 'C', subject_type: 1, marks_type: 1, subject_teacher_id: 4 };
    expect(buildBody(subject, 'edit', { ...original, subject_type: 3, extras: { subjects: [{ subject_name: 'K' }] } }, original))
      .toEqual({ subject_type: 3, subject_teacher_id: null, extras: { subjects: [{ subject_name: 'K' }] } });
    expect(buildBody(subject, 'create', { class_id: 1, name: 'S', code: 'C', subject_type: 1, marks_type: 1, extras: { subjects: [] } }))
      .toEqual({ class_id: 1, name: 'S', code: 'C', subject_type: 1, marks_type: 1 });
  });
});

describe('custom error placement', () => {
  it('moves an errorMessage for a missing property onto that property', () => {
    const out = placeCustomErrors([
      { name: 'errorMessage', property: '', message: 'Please enter name', stack: '', params: { errors: [{ keyword: 'required', params: { missingProperty: 'name' } }] } } as any,
      { name: 'errorMessage', property: '.extras.subjects.0', message: 'Subject Name is required', stack: '', params: { errors: [{ keyword: 'required', params: { missingProperty: 'subject_name' } }] } } as any,
      { name: 'pattern', property: '.mobile', message: 'x', stack: '', params: {} } as any,
    ]);
    expect(out.map((e) => e.property)).toEqual(['.name', '.extras.subjects.0.subject_name', '.mobile']);
  });
});

describe('browser validator', async () => {
  const { validator } = await import('../../src/client/framework/form/validator.js');
  it('reports the schema\'s own messages on their fields', () => {
    const schema = formSchema(teacher, formFields(teacher, 'create'));
    const r = validator.validateFormData({ email: 'bad', mobile: '123', password: 'abcdefgh' }, schema, undefined, placeCustomErrors);
    expect((r.errorSchema as any).fullname.__errors).toEqual(['Please enter name']);
    expect((r.errorSchema as any).email.__errors).toEqual(['Invalid email address']);
    expect((r.errorSchema as any).mobile.__errors).toEqual(['Enter valid mobile number']);
  });
  it('reports required rows of an elective subject', () => {
    const schema = formSchema(subject, ['class_id', 'name', 'code', 'subject_type', 'marks_type', 'extras']);
    const r = validator.validateFormData({ class_id: 1, name: 'S', code: 'C', subject_type: 3, marks_type: 1, extras: { subjects: [{}] } }, schema, undefined, placeCustomErrors);
    expect((r.errorSchema as any).extras.subjects[0].subject_name.__errors).toEqual(['Subject Name is required']);
  });
  it('says how to write a date when the text typed into a date field is not one', () => {
    const schema = formSchema(resourceByName('tests'), ['name', 'start_date']);
    const r = validator.validateFormData({ name: 'Unit Test 1', start_date: '31-02-20' }, schema, undefined, placeCustomErrors);
    expect((r.errorSchema as any).start_date.__errors).toEqual(['Enter the date as DD-MM-YYYY']);
  });
});
