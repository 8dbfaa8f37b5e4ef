/**
 * The profile card and the printable student sheet share one list of fields. The sheet is
 * only shown on paper: a print stylesheet hides the rest of the page.
 */
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button, Card, Descriptions, Space } from 'antd';
import { EditOutlined, PrinterOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { formatDate } from '../../../framework/format.js';
import { profileValue, type AcademicYearEntry, type StudentRecord } from '../detailsModel.js';
import { classSection, statusLabel } from '../studentModel.js';
import { resourceByName } from '../../../../shared/registry.js';
import { fieldConfig } from '../../../framework/form/CustomFields.js';
import type { CallData } from '../../../framework/useDeclaredCall.js';

/** The student's details as label and text, for the card and the sheet. */
export function profileFields(s: StudentRecord, year: AcademicYearEntry | undefined): Array<[string, string]> {
  // The school's configuration: its titles, hidden fields and own fields (config/schools/<CODE>.json).
  const f = fieldConfig(resourceByName('students'));
  const field = (k: string, label: string, text: string): Array<[string, string]> => (f.hidden(k) ? [] : [[f.title(k, label), text]]);
  const own = f.custom.filter((c) => !f.hidden(c.key)).map(({ key, prop }): [string, string] => {
    const v = (s as unknown as Record<string, unknown>)[key];
    return [prop.title ?? key, v === true ? 'Yes' : v === false ? 'No' : prop.format === 'date' ? formatDate(v as string, 'DD MMM, YYYY') : String(v ?? '')];
  });
  return [
    ['Name', s.fullname],
    ['Class', classSection(year ?? s)],
    ['Academic Year', year?.ac_year ?? s.ac_year ?? ''],
    ['Admission No', s.admission_no ?? ''],
    ['Admission Date', formatDate(s.admission_date, 'DD MMM, YYYY')],
    ['Roll No', String((year ? year.roll_no : s.roll_no) ?? '')],
    ['Date of Birth', formatDate(s.dob, 'DD MMM, YYYY')],
    ['Mobile', s.mobile ?? ''],
    ...field('usn', 'SATS/USN', s.usn ?? ''),
    ...field('aadhar_no', 'Aadhaar', s.aadhar_no ?? ''),
    ...field('gender', 'Gender', s.gender ?? ''),
    ...field('religion', 'Religion', s.religion ?? ''),
    ...field('caste', 'Caste', s.caste ?? ''),
    ...field('blood_group', 'Blood Group', profileValue(s, 'blood_group')),
    ...field('quota', 'Quota', s.quota ?? ''),
    ...own,
    ["Father's Name", profileValue(s, 'father_name')],
    ['Address', profileValue(s, 'address')],
    ['Status', statusLabel({ acy_status: year ? year.status : s.acy_status, status: s.status })],
  ];
}

export function ProfileCard({ student, year, canEdit, onEdit }: { student: StudentRecord; year: AcademicYearEntry | undefined; canEdit: boolean; onEdit: () => void }) {
  return (
    <Card
      title="Profile"
      size="small"
      data-testid="profile-card"
      extra={
        <Space>
          <Button size="small" icon={<PrinterOutlined />} onClick={() => window.print()}>Print</Button>
          {canEdit && <Button size="small" icon={<EditOutlined />} onClick={onEdit}>Edit</Button>}
        </Space>
      }
    >
      <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
        {profileFields(student, year).map(([label, text]) => <Descriptions.Item key={label} label={label}>{text || '—'}</Descriptions.Item>)}
      </Descriptions>
    </Card>
  );
}

/** The school's name, logo, address and phone at the head of a printed sheet. */
export type SchoolHeader = Partial<Pick<CallData<'school.about'>, 'school_name' | 'school_logo' | 'school_address' | 'phone_number'>>;

/** Hidden on screen; on paper the only thing printed (see PRINT_CSS). */
export function PrintSheet({ school, student, year, photo, children }: { school: SchoolHeader; student: StudentRecord; year: AcademicYearEntry | undefined; photo?: string | null; children?: ReactNode }) {
  return createPortal(
    <div className="student-print-sheet">
      <header style={{ display: 'flex', alignItems: 'center', gap: 16, borderBottom: '2px solid #000', paddingBottom: 8, marginBottom: 16 }}>
        {school.school_logo && <img src={school.school_logo} alt="" style={{ width: 72, height: 72, objectFit: 'contain' }} />}
        <div style={{ flex: 1, textAlign: 'center' }}>
          <h1 style={{ margin: 0, fontSize: 22 }}>{school.school_name}</h1>
          {school.school_address && <div>{school.school_address}</div>}
          {school.phone_number && <div>Phone: {school.phone_number}</div>}
        </div>
      </header>
      <h2 style={{ textAlign: 'center', fontSize: 18, margin: '0 0 12px' }}>Student Details</h2>
      <div style={{ display: 'flex', gap: 16 }}>
        <table style={{ flex: 1, borderCollapse: 'collapse' }}>
          <tbody>
            {profileFields(student, year).map(([label, text]) => (
              <tr key={label}>
                <th style={{ textAlign: 'left', padding: '4px 8px', border: '1px solid #999', width: '35%' }}>{label}</th>
                <td style={{ padding: '4px 8px', border: '1px solid #999' }}>{text}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {photo && <img src={photo} alt="" style={{ width: 120, height: 150, objectFit: 'cover', border: '1px solid #999' }} />}
      </div>
      {children}
      <footer style={{ marginTop: 24, fontSize: 11, color: '#555' }}>Printed on {dayjs().format('DD MMM, YYYY hh:mm A')}</footer>
    </div>,
    document.body,
  );
}

/**
 * On screen the sheet is hidden; on paper everything but the sheet is. The sheet is rendered
 * straight under <body> (a portal), so hiding the body's other children hides the whole app.
 */
export const PRINT_CSS = `
.student-print-sheet { display: none; }
@media print {
  body > *:not(.student-print-sheet) { display: none !important; }
  .student-print-sheet { display: block; padding: 16px; color: #000; background: #fff; }
}
`;
