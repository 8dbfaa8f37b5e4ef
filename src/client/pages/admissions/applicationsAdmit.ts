/**
 * An application turned into the add-student wizard's answers (src/client/pages/students), so
 * the office admits a selected applicant without typing again: the student's name, mobile, date
 * of birth and gender, the class when the applied class has one section, and the father's and
 * mother's details with the guardian's address; a parent/guardian who is neither father nor
 * mother becomes the guardian contact. The e-mail goes with the one who applied. The office
 * still chooses the year, checks the admission number and confirms every step.
 */
import type { Application } from '../../../generated/entities/admissions.js';
import type { EntityRow } from '../../../shared/wire.js';
import { MOBILE_RE } from '../../../shared/mobile.js';
import type { DetailsStep, ParentStep, WizardData } from '../students/studentModel.js';

const GENDER: Record<string, string> = { m: 'Male', f: 'Female', o: 'Others' };

/** '+91 98450 12345' → '9845012345' when that is a valid mobile; undefined otherwise. */
export function tenDigits(mobile: string | null | undefined): string | undefined {
  const digits = String(mobile ?? '').replace(/\D/g, '').replace(/^(91|0)(?=\d{10}$)/, '');
  return MOBILE_RE.test(digits) ? digits : undefined;
}

type Parent = { name?: string | null; mobile?: string | null; profession?: string | null } | undefined;

function parentStep(p: Parent, address: string | null | undefined, email?: string): ParentStep | undefined {
  if (!p?.name?.trim()) return undefined;
  const step: ParentStep = { contact_name: p.name.trim(), mobile: tenDigits(p.mobile) ?? '' };
  if (p.profession) step.occupation = p.profession;
  if (address) step.address = address;
  if (email) step.email = email;
  return step;
}

export function admissionDraft(app: EntityRow<Application>, classes: Array<{ id: number; class: string }>): WizardData {
  const d = app.details ?? {};
  const sameClass = classes.filter((c) => c.class.trim().toLowerCase() === app.application_class.trim().toLowerCase());
  const details = {
    fullname: app.student_name,
    mobile: tenDigits(app.mobile) ?? '',
    ...(d.student?.dob ? { dob: d.student.dob } : {}),
    ...(sameClass.length === 1 ? { class_id: sameClass[0]!.id } : {}),
  } as DetailsStep;
  const address = d.guardian?.address;
  const draft: WizardData = { details, profile: { gender: d.student?.gender ? GENDER[d.student.gender] ?? null : null } };
  // Applications made before the relation was asked are the father's (spec 4 §5).
  const applicant = d.guardian?.relation ?? 'father';
  const father = parentStep(d.father, address, applicant === 'father' ? app.email : undefined);
  const mother = parentStep(d.mother, address, applicant === 'mother' ? app.email : undefined);
  // Unreached steps stay undefined (not skipped), so the wizard shows them with these answers.
  if (father) draft.father = father;
  if (mother) draft.mother = mother;
  if (applicant === 'guardian') draft.guardian = parentStep({ name: app.parent_name, mobile: app.mobile }, address, app.email) ?? null;
  return draft;
}
