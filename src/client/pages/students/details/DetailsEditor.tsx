/**
 * The Student Details Editor: login username, password reset (shown once), the latest year's
 * admission type and profile items for the record's editors, and the Attendance Editor for those
 * who correct attendance.
 */
import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Divider, Form, Input, Modal, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { randomPassword } from '../../../framework/form/formModel.js';
import { WIRE_DATE } from '../../../framework/dates.js';
import { latestYear, PROFILE_ITEMS, type StudentRecord } from '../detailsModel.js';
import { useSend } from './useSend.js';
import type { CallData } from '../../../framework/useDeclaredCall.js';
import { declaredCall } from '../../../../shared/calls.js';
import { resourceByName } from '../../../../shared/registry.js';
import { fieldConfig } from '../../../framework/form/CustomFields.js';
import { DateInput } from '../../../framework/DateInput.js';

const usernameCall = declaredCall('students.username').def;
// The server's own words for what the editors check first.
const NO_USER = usernameCall.errors!.noUser!;
const EMPTY_USERNAME: string = usernameCall.payload!.errorMessage.required.username;
const NO_ATTENDANCE: string = declaredCall('attendance.correct').def.payload!.errorMessage.required.present;
const genders = () => fieldConfig(resourceByName('students')).options('gender');

/** `canEdit`: the record's editors (login, admission type, profile); `canAttendance`: those who correct attendance (teachers too). */
export function DetailsEditor({ student, onChanged, canEdit, canAttendance }: { student: StudentRecord; onChanged: () => void; canEdit: boolean; canAttendance: boolean }) {
  return (
    <Card title={canEdit ? 'Student Details Editor' : 'Attendance'} size="small" data-testid="details-editor">
      {canEdit && (
        <>
          <LoginEditor student={student} onChanged={onChanged} />
          <Divider />
          <AdmissionTypeEditor student={student} onChanged={onChanged} />
          <Divider />
          <ProfileItemsEditor student={student} onChanged={onChanged} />
        </>
      )}
      {canEdit && canAttendance && <Divider />}
      {canAttendance && <AttendanceEditor studentId={student.id} onChanged={onChanged} />}
    </Card>
  );
}

function LoginEditor({ student, onChanged }: { student: StudentRecord; onChanged: () => void }) {
  const [username, setUsername] = useState(student.username ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'username' | 'password' | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const { send, notify } = useSend();

  const saveUsername = async () => {
    const value = username.trim();
    if (!value) { setError(EMPTY_USERNAME); return; }
    if (!student.user_id) { notify('error', NO_USER); return; }
    setError(null);
    setBusy('username');
    try {
      await send('students.username', { body: { username: value, student_id: student.id }, query: { type: 'username' } });
      onChanged();
    } catch { /* reported */ } finally { setBusy(null); }
  };

  const resetPassword = async () => {
    if (!student.user_id) { notify('error', NO_USER); return; }
    const password = randomPassword(8);
    setBusy('password');
    try {
      await send('students.password', { body: { password, user_id: student.user_id } }, { offline: 'Please check network connection' });
      setShown(password);
    } catch { /* reported */ } finally { setBusy(null); }
  };

  return (
    <>
      <Typography.Title level={5}>Login</Typography.Title>
      {!student.user_id && <Alert type="info" showIcon style={{ marginBottom: 8 }} message={NO_USER} />}
      <Form layout="vertical" component="div">
        <Form.Item label="Username" htmlFor="editor-username" validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
          <Space.Compact style={{ width: '100%' }}>
            <Input id="editor-username" value={username} onChange={(e) => { setUsername(e.target.value); setError(null); }} onPressEnter={saveUsername} autoComplete="off" />
            <Button onClick={saveUsername} loading={busy === 'username'}>Update Username</Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      <Button onClick={resetPassword} loading={busy === 'password'}>Reset Password</Button>
      <Modal
        open={shown !== null}
        title="Password reset"
        onOk={() => setShown(null)}
        onCancel={() => setShown(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
        okText="Done"
        destroyOnHidden
      >
        <p>The new password of {student.fullname}'s login is shown only this once:</p>
        <Typography.Paragraph copyable={{ text: shown ?? '' }} code style={{ fontSize: 18 }} data-testid="new-password">{shown}</Typography.Paragraph>
      </Modal>
    </>
  );
}

function AdmissionTypeEditor({ student, onChanged }: { student: StudentRecord; onChanged: () => void }) {
  const latest = latestYear(student.academic_years);
  const [value, setValue] = useState<string | null>(latest?.admission_type ?? null);
  const [busy, setBusy] = useState(false);
  const { send } = useSend();
  if (!latest) return null;

  const save = async () => {
    setBusy(true);
    try {
      await send('students.admissionType', { body: { admission_type: (value ?? null) as 'NEW' | 'RE ADM.' | null, aym_id: latest.aym_id } });
      onChanged();
    } catch { /* reported */ } finally { setBusy(false); }
  };

  return (
    <>
      <Typography.Title level={5}>Admission</Typography.Title>
      <Form layout="vertical" component="div">
        <Form.Item label="Admission Type" htmlFor="editor-admission-type" extra={`Of the latest academic year, ${latest.ac_year}`} style={{ marginBottom: 0 }}>
          <Space.Compact style={{ width: '100%' }}>
            <Select
              id="editor-admission-type"
              style={{ flex: 1, minWidth: 0 }}
              value={value ?? undefined}
              allowClear
              placeholder="Not set"
              onChange={(v) => setValue(v ?? null)}
              options={[{ value: 'NEW', label: 'NEW' }, { value: 'RE ADM.', label: 'RE ADM.' }]}
            />
            <Button onClick={save} loading={busy} aria-label="Update Admission Type">Update</Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </>
  );
}

function ProfileItemsEditor({ student, onChanged }: { student: StudentRecord; onChanged: () => void }) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(PROFILE_ITEMS.map((i) => [i.name, String((student as unknown as Record<string, unknown>)[i.name] ?? '')])));
  const [busy, setBusy] = useState<string | null>(null);
  const { send } = useSend();

  const save = async (name: (typeof PROFILE_ITEMS)[number]['name']) => {
    setBusy(name);
    try {
      await send('students.profileItem', { body: { student_id: student.id, name, value: values[name] ?? '' } });
      onChanged();
    } catch { /* reported */ } finally { setBusy(null); }
  };

  return (
    <>
      <Typography.Title level={5}>Profile</Typography.Title>
      <Form layout="vertical" component="div">
        {PROFILE_ITEMS.map((item) => {
          const id = `editor-${item.name}`;
          const set = (v: string) => setValues((p) => ({ ...p, [item.name]: v }));
          return (
            <Form.Item key={item.name} label={item.label} htmlFor={id} style={{ marginBottom: 8 }}>
              <Space.Compact style={{ width: '100%' }}>
                {item.name === 'gender' ? (
                  <Select id={id} style={{ width: '100%' }} value={values.gender || undefined} onChange={(v) => set(v ?? '')} placeholder="Select gender"
                    options={genders()} />
                ) : (
                  <Input id={id} value={values[item.name]} maxLength={item.name === 'blood_group' ? 10 : 50} onChange={(e) => set(e.target.value)} onPressEnter={() => save(item.name)} />
                )}
                <Button onClick={() => save(item.name)} loading={busy === item.name} aria-label={`Update ${item.label}`}>Update</Button>
              </Space.Compact>
            </Form.Item>
          );
        })}
      </Form>
    </>
  );
}

/** A day's attendance, or the day with nothing recorded (id null). */
type AttendanceAnswer = CallData<'attendance.day'>;

/** Attendance Editor: a day's record (GET /attendance/student/{id}/{date}/), corrected with POST /attendance/students/. */
export function AttendanceEditor({ studentId, onChanged }: { studentId: number; onChanged: () => void }) {
  const [date, setDate] = useState<Dayjs | null>(null);
  const [record, setRecord] = useState<AttendanceAnswer | null>(null);
  const [present, setPresent] = useState<boolean | undefined>(undefined);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'load' | 'save' | null>(null);
  const { send } = useSend();

  const load = async (d: Dayjs | null) => {
    setDate(d);
    setRecord(null);
    setError(null);
    if (!d) return;
    setBusy('load');
    try {
      const r = await send('attendance.day', { params: { student_id: studentId, date: d.format(WIRE_DATE) } });
      setRecord(r);
      setPresent(r?.present === null || r?.present === undefined ? undefined : Number(r.present) === 1);
      setReason(r?.reason ?? '');
    } catch { /* reported */ } finally { setBusy(null); }
  };

  const save = async () => {
    if (!record?.id || !date) return;
    if (present === undefined) { setError(NO_ATTENDANCE); return; }
    setError(null);
    setBusy('save');
    try {
      const saved = await send('attendance.correct', { body: {
        id: record.id, present: present ? 1 : 0, reason: reason.trim() || null, date: date.format(WIRE_DATE),
      } });
      if (saved && typeof saved === 'object') setRecord({ ...record, ...saved });
      onChanged();
    } catch { /* reported */ } finally { setBusy(null); }
  };

  return (
    <div data-testid="attendance-editor">
      <Typography.Title level={5}>Attendance Editor</Typography.Title>
      <Form layout="vertical" component="div">
        <Form.Item label="Date" htmlFor="attendance-editor-date" style={{ marginBottom: 8 }}>
          <DateInput id="attendance-editor-date" standalone style={{ width: 'auto' }} value={date} onChange={load} />
        </Form.Item>
        {busy === 'load' && <Typography.Text type="secondary">Loading…</Typography.Text>}
        {record && !record.id && <Alert type="warning" showIcon message="Attendance Not Taken" />}
        {record?.id && (
          <>
            <Form.Item validateStatus={error ? 'error' : undefined} help={error ?? undefined} style={{ marginBottom: 8 }}>
              <Checkbox checked={present === true} onChange={(e) => { setPresent(e.target.checked); setError(null); }}>Present</Checkbox>
            </Form.Item>
            <Form.Item label="Reason" htmlFor="attendance-editor-reason" style={{ marginBottom: 8 }}>
              <Input id="attendance-editor-reason" value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} />
            </Form.Item>
            <Button type="primary" onClick={save} loading={busy === 'save'}>Update Attendance</Button>
          </>
        )}
      </Form>
    </div>
  );
}
