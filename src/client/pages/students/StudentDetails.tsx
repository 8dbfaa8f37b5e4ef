/**
 * Student details (/students/details/:id): an academic-year picker (the student's years, the
 * latest preselected) driving students.details; Pay Fees, Pocket Money,
 * Message and Send Text Messages; the profile card (print, edit), photo, contacts, the
 * academic-years table, the monthly attendance calendar, the marks grid and the present/absent
 * chart; the printable sheet; and, for roles 3 and 4, the Student Details Editor.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Col, Empty, Result, Row, Select, Space, Spin, Table, Typography } from 'antd';
import { DollarOutlined, MailOutlined, MessageOutlined, WalletOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { classSection } from './studentModel.js';
import { resourceByName } from '../../../shared/registry.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { useAllowed, usePageButton } from '../../framework/useAccess.js';
import { useSession } from '../../app/SessionContext.js';
import {
  latestYear, marksGrid, type AcademicYearEntry, type DetailsAnswer, type StudentRecord, textMobiles,
} from './detailsModel.js';
import { PRINT_CSS, PrintSheet, ProfileCard, type SchoolHeader } from './details/ProfileCard.js';
import { PhotoCard } from './details/PhotoCard.js';
import { ContactsCard, useContacts } from './details/ContactsCard.js';
import { AttendanceCalendar } from './details/AttendanceCalendar.js';
import { AttendanceChart } from './details/AttendanceChart.js';
import { DetailsEditor } from './details/DetailsEditor.js';

const MessageModal = lazy(() => import('./modals/MessageModal.js'));
const TextMessageModal = lazy(() => import('./modals/TextMessageModal.js'));

export default function StudentDetails({ resource }: PageProps) {
  const { id } = useParams();
  const studentId = Number(id);
  const navigate = useNavigate();
  const session = useSession();
  const canEdit = useAllowed(resource, 'update');
  const canMessage = usePageButton(resource, 'details', 'message');
  const canText = usePageButton(resource, 'details', 'textMessage');
  const canPocket = usePageButton(resource, 'details', 'pocketMoney');
  const canAttendance = usePageButton(resource, 'details', 'attendance');
  // Fee staff bill the student; everyone else who reads fee records opens them.
  const canBill = useAllowed(resourceByName('fee-payments'), 'create');
  const canFeeRecords = usePageButton(resource, 'details', 'feeRecords');
  const [modal, setModal] = useState<'message' | 'text' | null>(null);

  const studentQ = useDeclaredQuery('students.one', { params: { id: studentId } }, { enabled: Number.isInteger(studentId) && studentId > 0 });
  const base: StudentRecord | undefined = studentQ.result?.data;
  const years: AcademicYearEntry[] = base?.academic_years ?? [];
  const [yearId, setYearId] = useState<number>();
  useEffect(() => {
    if (yearId === undefined && years.length > 0) setYearId(latestYear(years)!.ac_year_id);
  }, [years, yearId]);

  const detailsQ = useDeclaredQuery('students.details', { params: { id: studentId, ac_year_id: yearId! } }, { enabled: yearId !== undefined });
  const details: DetailsAnswer | undefined = detailsQ.result?.data;
  const { contacts, loading: contactsLoading } = useContacts(studentId);

  const school = useDeclaredQuery('school.about', {}, { errorToast: false });
  const schoolHeader: SchoolHeader = { ...session.school, ...school.result?.data };

  const reload = () => { void studentQ.query.refetch(); void detailsQ.query.refetch(); };

  if (!Number.isInteger(studentId) || studentId <= 0) return <Result status="404" title="Student not found" />;
  if (studentQ.query.isError) return <Result status="404" title="Student not found" subTitle={studentQ.query.error?.message} />;
  if (!base) return <Spin size="large" style={{ display: 'block', margin: 48 }} />;

  // The profile is the record as the server reads it; class, roll no and status are the chosen year's.
  const student: StudentRecord = { ...base, ...(details?.student ?? {}), academic_years: base.academic_years };
  const year = years.find((y) => y.ac_year_id === yearId);
  const mobiles = textMobiles(student, contacts);

  return (
    <div className="student-details">
      <style>{PRINT_CSS}</style>
      <Card
        title={
          <Space wrap>
            <span>{student.fullname}</span>
            <Typography.Text type="secondary">{classSection(year ?? student)}</Typography.Text>
          </Space>
        }
        extra={
          <Space wrap>
            <label htmlFor="details-year">Academic Year</label>
            <Select
              id="details-year"
              style={{ width: 160 }}
              value={yearId}
              onChange={setYearId}
              options={years.map((y) => ({ value: y.ac_year_id, label: y.ac_year }))}
              placeholder="Select Academic Year"
            />
            {canBill && <Button type="primary" icon={<DollarOutlined />} onClick={() => navigate(`/fees/pay/${student.id}`)}>Pay Fees</Button>}
            {!canBill && canFeeRecords && <Button icon={<DollarOutlined />} onClick={() => navigate(`/fees/records/${student.id}`)}>Fee Records</Button>}
            {canPocket && <Button icon={<WalletOutlined />} onClick={() => navigate(`/students/${student.id}/pocket-money/`)}>Pocket Money</Button>}
            {canMessage && <Button icon={<MailOutlined />} onClick={() => setModal('message')}>Message</Button>}
            {canText && <Button icon={<MessageOutlined />} onClick={() => setModal('text')} disabled={mobiles.length === 0}>Send Text Messages</Button>}
          </Space>
        }
        style={{ marginBottom: 16 }}
      >
        {years.length === 0 && <Alert type="warning" showIcon message="This student has no academic year yet." />}
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={18}>
            <ProfileCard student={student} year={year} canEdit={canEdit} onEdit={() => navigate(`/students/${student.id}`)} />
          </Col>
          <Col xs={24} lg={6}>
            <PhotoCard studentId={student.id} name={student.fullname} photo={student.profile_photo} canEdit={canEdit} onChanged={reload} />
          </Col>
        </Row>
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={canEdit || canAttendance ? 16 : 24}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <ContactsCard studentId={student.id} contacts={contacts} loading={contactsLoading} />
            <Card title="Academic Years" size="small">
              <Table<AcademicYearEntry>
                rowKey="aym_id"
                size="small"
                pagination={false}
                dataSource={years}
                rowClassName={(r) => (r.ac_year_id === yearId ? 'ant-table-row-selected' : '')}
                columns={[
                  { key: 'id', dataIndex: 'aym_id', title: 'ID' },
                  { key: 'ac_year', dataIndex: 'ac_year', title: 'AC Year' },
                  { key: 'class', title: 'Class', render: (_: unknown, r) => classSection(r) },
                  { key: 'admission_type', dataIndex: 'admission_type', title: 'Adm. Type', render: (v: string | null) => v ?? '' },
                ]}
              />
            </Card>
            <Row gutter={[16, 16]}>
              <Col xs={24} md={10}>
                <Card title="Attendance" size="small" loading={detailsQ.query.isLoading}>
                  {details && <AttendanceCalendar key={`${yearId}`} days={details.attendance} />}
                </Card>
              </Col>
              <Col xs={24} md={14}>
                <Card title="Monthly Attendance" size="small" loading={detailsQ.query.isLoading}>
                  {details && <AttendanceChart months={details.monthly_attendance} />}
                </Card>
              </Col>
            </Row>
            <Card title="Marks" size="small" loading={detailsQ.query.isLoading}>
              <MarksGrid details={details} />
            </Card>
          </Space>
        </Col>
        {(canEdit || canAttendance) && (
          <Col xs={24} lg={8}>
            <DetailsEditor
              key={`${student.id}:${student.username ?? ''}:${latestYear(years)?.admission_type ?? ''}`}
              student={student} onChanged={reload} canEdit={canEdit} canAttendance={canAttendance}
            />
          </Col>
        )}
      </Row>

      <PrintSheet school={schoolHeader} student={student} year={year} photo={student.profile_photo} />

      <Suspense fallback={null}>
        {modal === 'message' && (
          <MessageModal open students={[{ id: student.id, user_id: student.user_id, fullname: student.fullname }]} onClose={() => setModal(null)} />
        )}
        {modal === 'text' && <TextMessageModal open mobiles={mobiles} onClose={() => setModal(null)} />}
      </Suspense>
    </div>
  );
}

function MarksGrid({ details }: { details: DetailsAnswer | undefined }) {
  const rows = useMemo(() => marksGrid(details?.marks), [details]);
  const subjects = details?.marks?.subjects ?? [];
  if (!details) return null;
  if (rows.length === 0) return <Empty description="No tests in this academic year" />;
  return (
    <Table
      rowKey="key"
      size="small"
      pagination={false}
      scroll={{ x: true }}
      dataSource={rows}
      columns={[
        { key: 'test', dataIndex: 'test', title: 'Test', fixed: 'left' as const },
        ...subjects.map((s) => ({
          key: String(s.id),
          title: s.code ? <span title={s.code}>{s.name}</span> : s.name,
          render: (_: unknown, r: (typeof rows)[number]) => r.cells[s.id] ?? 'NA',
        })),
      ]}
    />
  );
}
