import { describe, expect, it } from 'vitest';
import { admissionDraft } from '../../src/client/pages/admissions/applicationsAdmit.js';
import { contactBodies } from '../../src/client/pages/students/studentModel.js';

const app = (details: Record<string, unknown>, parent = { parent_name: 'Asha Rao', mobile: '98450 12346' }) => ({
  id: 5, application_no: 'DEMO015', student_name: 'Diya Rao', application_class: '1', email: 'asha@example.com', status: 3, payment_status: 1,
  ...parent, details,
}) as any;

describe('an application admitted through the add-student wizard', () => {
  it('gives the e-mail to the mother when she applied, and leaves the father as the form had him', () => {
    const draft = admissionDraft(app({ guardian: { relation: 'mother', address: 'Mysuru' }, mother: { name: 'Asha Rao', mobile: '98450 12346' }, father: { name: 'Kiran Rao' } }), []);
    expect(draft.mother).toEqual({ contact_name: 'Asha Rao', mobile: '9845012346', email: 'asha@example.com', address: 'Mysuru' });
    expect(draft.father).toEqual({ contact_name: 'Kiran Rao', mobile: '', address: 'Mysuru' });
    expect(draft.guardian).toBeUndefined();
  });
  it('makes a guardian who is neither parent the guardian contact, the emergency one when no parent is given', () => {
    const draft = admissionDraft(app({ guardian: { relation: 'guardian', address: '3 Temple Street' } }, { parent_name: 'Ravi Rao', mobile: '9845012347' }), []);
    expect(draft.father).toBeUndefined();
    expect(draft.mother).toBeUndefined();
    expect(draft.guardian).toEqual({ contact_name: 'Ravi Rao', mobile: '9845012347', email: 'asha@example.com', address: '3 Temple Street' });
    expect(contactBodies(9, { ...draft, father: null, mother: null })).toEqual([{
      student_id: 9, contact_name: 'Ravi Rao', mobile: '9845012347', student_relation: 'Guardian', enable_sms: true,
      is_emergency_contact: true, email: 'asha@example.com', address: '3 Temple Street',
    }]);
  });
  it('takes an application made before the relation was asked as the father\'s', () => {
    const draft = admissionDraft(app({ father: { name: 'Kiran Rao', mobile: '9845012345' } }, { parent_name: 'Kiran Rao', mobile: '9845012345' }), []);
    expect(draft.father).toMatchObject({ contact_name: 'Kiran Rao', email: 'asha@example.com' });
  });
});
