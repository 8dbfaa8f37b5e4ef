/**
 * What a transfer certificate lists, in order: the server's PDF and the printed page in the
 * browser both read it, so the two always say the same.
 */

export interface CertificateParts {
  student: {
    fullname: string; admission_no: string | null; dob: string | null; admission_date: string | null; gender: string | null;
    father_name: string | null; mother_name: string | null; nationality: string | null; class: string | null; section: string | null;
  };
  certificate: { class_left: string | null; leaving_date: string; reason: string; conduct: string; fees_paid_upto: string; remarks: string };
}

/** The class as a certificate names it: '10 - A'. */
export const classText = (c: { class: string | null; section: string | null }) => (c.class ? `${c.class}${c.section ? ` - ${c.section}` : ''}` : '');

/** A date as Indian certificates write it: 26-11-2026. */
export const dmy = (d: string | null | undefined) => (d ? d.slice(0, 10).split('-').reverse().join('-') : '');

/** The numbered particulars. */
export function particulars({ student: s, certificate: c }: CertificateParts): Array<[string, string]> {
  return [
    ['Name of the student', s.fullname],
    ['Admission number', s.admission_no ?? ''],
    ['Date of birth', dmy(s.dob)],
    ["Father's name", s.father_name ?? ''],
    ["Mother's name", s.mother_name ?? ''],
    ['Gender', s.gender ?? ''],
    ['Nationality', s.nationality ?? 'Indian'],
    ['Date of admission', dmy(s.admission_date)],
    ['Class in which the student last studied', c.class_left || classText(s)],
    ['Date of leaving', dmy(c.leaving_date)],
    ['Reason for leaving', c.reason],
    ['Fees paid up to', c.fees_paid_upto],
    ['General conduct', c.conduct],
    ['Remarks', c.remarks || '-'],
  ];
}
