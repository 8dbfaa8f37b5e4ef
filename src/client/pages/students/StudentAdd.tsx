/**
 * Add Student (/students/new, /students/new/, /students/add, /students/add/new): one five-step
 * wizard (spec 1, 2 reading C): Student Details, Student Profile, Father Details, Mother
 * Details (both can be skipped) and Finish. Each step's answers live in sessionStorage under a
 * wizard id in the URL (?w=…&step=…), so Back and Forward move between steps with their data;
 * a later step opened without the earlier answers shows 'Invalid Visit' and returns to the list.
 *
 * Submit on Finish makes the calls in an order that never leaves half a student behind: the
 * admission number is checked first (the server refuses duplicates before writing), then the
 * parent login (PUT /user/, unless an existing one was chosen), the student (PUT /students/),
 * the profile items and the contacts. A login made by a submit whose student then failed is
 * remembered and reused by the next submit, and the page says so.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  Alert, App, Button, Card, Checkbox, Col, Descriptions, Divider, Form, Input, InputNumber, Radio, Row, Select, Space, Steps, Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useList } from '@refinedev/core';
import type { ClassRow, YearRow } from '../useClassesAndYears.js';
import type { PageProps } from '../registry.js';
import { ParentLoginSelect, type SearchUser } from './ParentLoginSelect.js';
import { optionLabel } from '../../framework/labels.js';
import { randomPassword } from '../../framework/form/formModel.js';
import { useAccessContext } from '../../framework/useAccess.js';
import { errorText } from '../../framework/useCall.js';
import { callDeclared, resourceCall } from '../../framework/useDeclaredCall.js';
import { roleId } from '../../../shared/roles.js';
import { formatDate } from '../../framework/format.js';
import { resourceByName } from '../../../shared/registry.js';
import { CustomFieldItems, customValues, fieldConfig } from '../../framework/form/CustomFields.js';
import { payloadRules, requiredRule } from '../../framework/form/payloadRules.js';
import { MOBILE_RE } from '../../../shared/mobile.js';
import { declaredCall } from '../../../shared/calls.js';
import {
  FINISH_STEP, WIZARD_STEPS, contactBodies, createdId, dropWizard, loadWizard, loginUsername, missingStep, moduleActive,
  newWizardId, parseStep, profileItems, saveWizard, studentBody, userBody, userLabel,
  type DetailsStep, type ParentStep, type ProfileStep, type WizardData,
} from './studentModel.js';
import { showNewLogin } from './NewLoginNotice.js';
import { DateItem } from '../../framework/DateInput.js';
import { ACYEAR_STATUS } from '../../../generated/enums/academics.js';

const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'];
const store = () => { try { return window.sessionStorage; } catch { return undefined; } };
const toDay = (v?: string | null) => (v ? dayjs(v, 'YYYY-MM-DD') : undefined);
const fromDay = (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : '');
/** The student declaration as the school configures it (its own fields among them). */
const students = resourceByName('students');
/** The new parent login's checks (students.createUser) and the parents' contact checks, as the server makes them. */
const userRules = (k: string) => payloadRules(declaredCall('students.createUser').def.payload!, k);
const contactRules = (k: string) => fieldConfig(resourceByName('student-contacts')).rules(k);
const displayValue = (v: unknown) => (v === true ? 'Yes' : v === false ? 'No' : v === undefined || v === null ? '' : String(v));

export default function StudentAdd(_props: PageProps) {
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const [params, setParams] = useSearchParams();
  const wid = params.get('w');
  const step = parseStep(params.get('step'));
  const [data, setData] = useState<WizardData | null>(() => loadWizard(store(), wid));
  const refused = useRef(false);

  // A fresh visit gets its wizard id; an id this tab has no answers for starts empty.
  useEffect(() => {
    if (!wid && step === 0) {
      setParams({ w: newWizardId(), step: '0' }, { replace: true });
      return;
    }
    setData(loadWizard(store(), wid));
  }, [wid]); // eslint-disable-line react-hooks/exhaustive-deps

  const invalid = (!wid && step > 0) || (wid !== null && missingStep(data, step) !== null);
  useEffect(() => {
    if (!invalid || refused.current) return;
    refused.current = true;
    notification.error({ message: 'Invalid Visit' });
    navigate('/students/', { replace: true });
  }, [invalid, notification, navigate]);

  const save = useCallback((patch: Partial<WizardData>) => {
    setData((prev) => {
      const next = { ...(prev ?? {}), ...patch };
      if (wid) saveWizard(store(), wid, next);
      return next;
    });
  }, [wid]);
  const goTo = (n: number) => setParams({ w: wid ?? '', step: String(n) });

  if (!wid || invalid) return null;
  const d = data ?? {};
  return (
    <Card title="Add Student">
      <Steps current={step} items={WIZARD_STEPS.map((title) => ({ title }))} style={{ marginBottom: 24 }} size="small" />
      {step === 0 && <DetailsForm key="details" initial={d.details} onNext={(details) => { save({ details }); goTo(1); }} />}
      {step === 1 && <ProfileForm key="profile" initial={d.profile} onBack={() => goTo(0)} onNext={(profile) => { save({ profile }); goTo(2); }} />}
      {step === 2 && (
        <ParentForm key="father" who="Father" initial={d.father} onBack={() => goTo(1)} onNext={(father) => { save({ father }); goTo(3); }} />
      )}
      {step === 3 && (
        <ParentForm key="mother" who="Mother" initial={d.mother} onBack={() => goTo(2)} onNext={(mother) => { save({ mother }); goTo(4); }} />
      )}
      {step === FINISH_STEP && <FinishStep wid={wid} data={d} save={save} onBack={() => goTo(3)} />}
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------

interface DetailsValues extends Omit<DetailsStep, 'dob' | 'admission_date'> { dob?: Dayjs; admission_date?: Dayjs }

function DetailsForm({ initial, onNext }: { initial?: DetailsStep; onNext: (d: DetailsStep) => void }) {
  const [form] = Form.useForm<DetailsValues>();
  const fields = fieldConfig(students);
  const years = useList<YearRow>({ resource: 'acyears', pagination: { mode: 'off' }, errorNotification: false });
  const classes = useList<ClassRow>({ resource: 'classes', pagination: { mode: 'off' }, errorNotification: false });
  const yearRows = years.result?.data ?? [];
  const classRows = classes.result?.data ?? [];
  const login = Form.useWatch('login', form) ?? initial?.login ?? 'new';
  const mobileAsUsername = Form.useWatch('mobile_as_username', form) ?? true;
  const userLabelNow = Form.useWatch('user_label', form) ?? initial?.user_label;
  const [sibling, setSibling] = useState<SearchUser | null>(null);

  // The enabled academic year (status 1) is preselected.
  useEffect(() => {
    if (form.getFieldValue('ac_year_id') || yearRows.length === 0) return;
    const enabled = yearRows.find((y) => Number(y.status) === ACYEAR_STATUS.ENABLED);
    if (enabled) form.setFieldValue('ac_year_id', enabled.id);
  }, [yearRows, form]);

  // The admission number is prefilled with the server's next one.
  useEffect(() => {
    if (initial?.admission_no) return;
    let live = true;
    callDeclared('students.nextAdmissionNo', {})
      .then(({ data: r }) => {
        if (live && r?.admission_no !== undefined && !form.getFieldValue('admission_no')) {
          form.setFieldValue('admission_no', String(r.admission_no));
          void form.validateFields(['admission_no']).catch(() => undefined);
        }
      })
      .catch(() => undefined);
    return () => { live = false; };
  }, [form, initial?.admission_no]);

  const suggestRollNo = async (classId?: number) => {
    if (!classId) return;
    try {
      const { data: r } = await callDeclared('students.nextRollNo', { params: { class_id: classId } });
      if (r?.roll_no !== undefined && r.roll_no !== null) form.setFieldValue('roll_no', Number(r.roll_no));
    } catch { /* the roll number stays optional */ }
  };

  // A brother or sister already has a login with this mobile: offer it instead of a new one.
  const lookForSibling = async () => {
    const mobile = String(form.getFieldValue('mobile') ?? '').trim();
    if (!MOBILE_RE.test(mobile) || form.getFieldValue('login') === 'existing') { setSibling(null); return; }
    try {
      const { data: users } = await callDeclared('students.usersOfRole', { params: { role: roleId('parent') }, query: { q: mobile } });
      // The picker answers logins by username: a family login made from a mobile has it as its username.
      setSibling((users ?? []).find((u) => u.username === mobile) ?? null);
    } catch { setSibling(null); }
  };

  const finish = (v: DetailsValues) => {
    const year = yearRows.find((y) => y.id === v.ac_year_id);
    const klass = classRows.find((c) => c.id === v.class_id);
    onNext({
      ...v,
      fullname: v.fullname.trim(),
      mobile: v.mobile.trim(),
      admission_no: String(v.admission_no).trim(),
      dob: fromDay(v.dob), admission_date: fromDay(v.admission_date),
      roll_no: v.roll_no ?? null,
      login: v.login ?? 'new',
      mobile_as_username: v.mobile_as_username ?? true,
      ac_year_label: year ? optionLabel(year, 'name') : initial?.ac_year_label,
      class_label: klass ? optionLabel(klass, 'class-section') : initial?.class_label,
      custom: customValues(students, v.custom),
    });
  };

  return (
    <Form<DetailsValues>
      form={form}
      layout="vertical"
      name="student-details"
      onFinish={finish}
      scrollToFirstError
      initialValues={{
        login: 'new', mobile_as_username: true,
        ...initial,
        dob: toDay(initial?.dob), admission_date: toDay(initial?.admission_date) ?? dayjs(),
      }}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Academic Year" name="ac_year_id" rules={fields.rules('ac_year_id')}>
            <Select options={yearRows.map((y) => ({ value: y.id, label: optionLabel(y, 'name') }))} loading={years.query.isLoading} placeholder="Select academic year" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Student Name" name="fullname" rules={fields.rules('fullname')}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="Mobile" name="mobile" validateTrigger="onBlur"
            rules={fields.rules('mobile')}
          >
            <Input maxLength={10} inputMode="numeric" onBlur={() => void lookForSibling()} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <DateItem label="Date of Birth" name="dob" rules={fields.rules('dob')} picker={{ disabledDate: (c) => c.isAfter(dayjs(), 'day') }} />
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="Admission No" name="admission_no" validateDebounce={400} hasFeedback
            rules={[
              ...fields.rules('admission_no'),
              {
                validator: async (_, v) => {
                  const n = String(v ?? '').trim();
                  if (!n) return;
                  // The server's own answer: 'Admission number already used' or 'Invalid Admission Number'.
                  try { await callDeclared('students.validateAdmissionNo', { params: { n } }); } catch (e) { throw new Error(errorText(e), { cause: e }); }
                },
              },
            ]}
          >
            <Input maxLength={30} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <DateItem label="Admission Date" name="admission_date" rules={fields.rules('admission_date')} />
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Class and Section" name="class_id" rules={fields.rules('class_id')}>
            <Select
              options={classRows.map((c) => ({ value: c.id, label: optionLabel(c, 'class-section') }))}
              loading={classes.query.isLoading}
              showSearch
              optionFilterProp="label"
              placeholder="Select class and section"
              onChange={(v: number) => void suggestRollNo(v)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={fields.title('roll_no', 'Roll No')} name="roll_no" rules={fields.rules('roll_no')}>
            <InputNumber min={0} max={100000} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        {!fields.hidden('usn') && (
          <Col xs={24} md={12}>
            <Form.Item label={fields.title('usn', 'SATS/USN')} name="usn" rules={fields.rules('usn')}>
              <Input maxLength={30} />
            </Form.Item>
          </Col>
        )}
        {!fields.hidden('aadhar_no') && (
          <Col xs={24} md={12}>
            <Form.Item
              label={fields.title('aadhar_no', 'Aadhaar')} name="aadhar_no"
              rules={fields.rules('aadhar_no')}
            >
              <Input maxLength={12} inputMode="numeric" />
            </Form.Item>
          </Col>
        )}
        <CustomFieldItems def={students} />
      </Row>

      <Divider orientation="left" plain>Parent login</Divider>
      <Form.Item name="login">
        <Radio.Group onChange={() => setSibling(null)}>
          <Radio value="new">Create a new login</Radio>
          <Radio value="existing">Select an existing parent login (brothers and sisters)</Radio>
        </Radio.Group>
      </Form.Item>
      {login === 'new' ? (
        <>
          {sibling && (
            <Alert
              type="info" showIcon style={{ marginBottom: 16 }}
              message={`A parent login with this mobile already exists: ${userLabel(sibling)}.`}
              description="A brother or sister is already in the school: use that login so the parent sees both children."
              action={
                <Button size="small" type="primary" onClick={() => {
                  form.setFieldsValue({ login: 'existing', user_id: sibling.id, user_label: userLabel(sibling) });
                  setSibling(null);
                }}>Use this login</Button>
              }
            />
          )}
          <Form.Item name="mobile_as_username" valuePropName="checked">
            <Checkbox>Use mobile as username</Checkbox>
          </Form.Item>
          <Row gutter={16}>
            {!mobileAsUsername && (
              <Col xs={24} md={12}>
                <Form.Item label="Username" name="username" rules={userRules('username')} extra="Optional">
                  <Input maxLength={100} autoComplete="off" />
                </Form.Item>
              </Col>
            )}
            <Col xs={24} md={12}>
              <Form.Item label="Email" name="email" rules={userRules('email').filter((r) => !('required' in r))} extra="Optional">
                <Input maxLength={200} autoComplete="off" />
              </Form.Item>
            </Col>
          </Row>
        </>
      ) : (
        <>
          <Form.Item label="Parent Login" name="user_id" rules={[requiredRule(declaredCall('students.linkUser').def.payload!, 'user_id')]} style={{ maxWidth: 480 }}>
            <ParentLoginSelect onPicked={(label) => form.setFieldValue('user_label', label)} initialLabel={userLabelNow} />
          </Form.Item>
          <Form.Item name="user_label" hidden><Input /></Form.Item>
        </>
      )}
      <Space>
        <Button type="primary" htmlType="submit">Next</Button>
      </Space>
    </Form>
  );
}

// ---------------------------------------------------------------------------------------------

function ProfileForm({ initial, onBack, onNext }: { initial?: ProfileStep; onBack: () => void; onNext: (p: ProfileStep) => void }) {
  // The school's configuration may hide, require or retitle these (config/schools/<CODE>.json).
  const f = fieldConfig(students);
  const item = (k: keyof ProfileStep, label: string, input: ReactNode) => (f.hidden(k) ? null : (
    <Form.Item label={f.title(k, label)} name={k} rules={f.rules(k)}>{input}</Form.Item>
  ));
  return (
    <Form<ProfileStep> layout="vertical" name="student-profile" initialValues={initial} onFinish={(v) => onNext(v)} style={{ maxWidth: 640 }}>
      {item('gender', 'Gender', <Radio.Group options={f.options('gender')} />)}
      {item('religion', 'Religion', <Input maxLength={50} />)}
      {item('caste', 'Caste', <Input maxLength={50} />)}
      {item('blood_group', 'Blood Group', <Select allowClear options={BLOOD_GROUPS.map((b) => ({ value: b, label: b }))} placeholder="Select blood group" />)}
      {item('quota', 'Quota', <Input maxLength={50} />)}
      <Space>
        <Button onClick={onBack}>Back</Button>
        <Button type="primary" htmlType="submit">Next</Button>
      </Space>
    </Form>
  );
}

function ParentForm({ who, initial, onBack, onNext }: {
  who: 'Father' | 'Mother'; initial?: ParentStep | null; onBack: () => void; onNext: (p: ParentStep | null) => void;
}) {
  return (
    <Form<ParentStep>
      layout="vertical"
      name={`${who.toLowerCase()}-details`}
      initialValues={initial ?? undefined}
      onFinish={(v) => onNext({ ...v, contact_name: v.contact_name.trim(), mobile: v.mobile.trim() })}
      style={{ maxWidth: 640 }}
    >
      <Typography.Paragraph type="secondary">{who}&apos;s details are saved as a contact of the student. This step can be skipped.</Typography.Paragraph>
      <Form.Item label={`${who}'s Name`} name="contact_name" rules={contactRules('contact_name')}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        label={`${who}'s Mobile`} name="mobile" validateTrigger="onBlur"
        rules={contactRules('mobile')}
      >
        <Input maxLength={10} inputMode="numeric" />
      </Form.Item>
      <Form.Item label={`${who}'s Email`} name="email" rules={contactRules('email')}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item label="Occupation" name="occupation" rules={[{ max: 100 }]}><Input maxLength={100} /></Form.Item>
      <Form.Item label="Address" name="address" rules={contactRules('address')}><Input.TextArea rows={2} maxLength={500} /></Form.Item>
      <Space>
        <Button onClick={onBack}>Back</Button>
        <Button onClick={() => onNext(null)}>Skip</Button>
        <Button type="primary" htmlType="submit">Next</Button>
      </Space>
    </Form>
  );
}

// ---------------------------------------------------------------------------------------------

function FinishStep({ wid, data, save, onBack }: { wid: string; data: WizardData; save: (p: Partial<WizardData>) => void; onBack: () => void }) {
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const access = useAccessContext();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const d = data.details!;
  const feesOn = useMemo(() => moduleActive(access, 'fees'), [access]);

  const fail = (message: string) => {
    setProblem(message);
    notification.error({ message });
  };

  const submit = async () => {
    setBusy(true);
    setProblem(null);
    try {
      // 1. The admission number must still be free: nothing is written when it is not.
      try {
        await callDeclared('students.validateAdmissionNo', { params: { n: d.admission_no } });
      } catch (e) {
        fail(`${errorText(e)}. Go back to Student Details and change the admission number.`);
        return;
      }

      // 2. The parent login: an existing one, one made by an earlier submit, or a new one.
      let userId: number | null = null;
      let login: { username?: string | null; password: string; made: 'now' | 'before' } | null = null;
      if (d.login === 'existing') {
        userId = d.user_id ?? null;
      } else if (data.created_user) {
        userId = data.created_user.user_id;
        login = { username: data.created_user.username, password: data.created_user.password, made: 'before' };
      } else {
        const password = randomPassword(8);
        try {
          const { data: res } = await callDeclared('students.createUser', { body: userBody(d, password) });
          userId = createdId(res, 'user_id');
        } catch (e) {
          fail(`The parent login could not be created: ${errorText(e)}. Nothing was saved.`);
          return;
        }
        if (userId === null) { fail('The parent login was not created. Nothing was saved.'); return; }
        const username = loginUsername(d) ?? null;
        login = { username, password, made: 'now' };
        save({ created_user: { user_id: userId, username, password } });
      }

      // 3. The student.
      let studentId: number | null;
      let student: Record<string, any>;
      let added: string | undefined;
      try {
        ({ data: student, message: added } = await resourceCall('students', 'create', studentBody(data, userId, students.schema.required ?? [])));
        studentId = createdId(student, 'student_id');
      } catch (e) {
        const why = errorText(e);
        fail(login
          ? `The parent login ${login.username ?? ''} (user id ${userId}) was created, but the student was not saved: ${why}. Correct the details and submit again; the same login will be used.`
          : `The student was not saved: ${why}.`);
        return;
      }
      if (studentId === null) { fail('The student was not saved.'); return; }

      // 4. Profile items and contacts: the student exists now; what fails is reported.
      const failures: string[] = [];
      for (const item of profileItems(studentId, data.profile)) {
        try { await callDeclared('students.profileItem', { body: item }); } catch (e) { failures.push(`${item.name}: ${errorText(e)}`); }
      }
      for (const contact of contactBodies(studentId, data)) {
        try { await resourceCall('student-contacts', 'create', contact); } catch (e) { failures.push(`${contact.student_relation} contact: ${errorText(e)}`); }
      }

      dropWizard(store(), wid);
      const id = studentId;
      const key = `student-added-${id}`;
      const go = (to: string) => { notification.destroy(key); navigate(to); };
      // The password stays readable above the next screens (NewLoginNotice), not in a toast
      // that would sit on the receipt until closed.
      if (login) showNewLogin({ student: d.fullname, username: login.username || d.email || d.mobile || '', password: login.password });
      notification.success({
        key,
        message: added,
        duration: 8,
        actions: (
          <Space>
            <Button size="small" onClick={() => go(`/students/details/${id}`)}>Student Details</Button>
            <Button size="small" onClick={() => go(`/fees/pay/${id}`)}>Pay Fees</Button>
            <Button size="small" type="primary" onClick={() => go('/students/')}>Students List</Button>
          </Space>
        ),
      });
      if (failures.length) {
        notification.warning({ message: 'The student was added, but some details were not saved', description: failures.join('; '), duration: 0 });
      }
      navigate(feesOn ? `/fees/pay/${id}` : '/students/');
    } finally {
      setBusy(false);
    }
  };

  const parent = (p: WizardData['father']) => (p ? [p.contact_name, p.mobile, p.email, p.occupation].filter(Boolean).join(', ') : 'Skipped');
  const loginText = d.login === 'existing'
    ? `Existing login: ${d.user_label ?? d.user_id}`
    : data.created_user
      ? `Created earlier: ${data.created_user.username ?? `user id ${data.created_user.user_id}`}`
      : `New login, username ${loginUsername(d) ?? '(none)'}`;
  return (
    <>
      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} />}
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} title="Check the details and submit">
        <Descriptions.Item label="Student Name">{d.fullname}</Descriptions.Item>
        <Descriptions.Item label="Academic Year">{d.ac_year_label ?? d.ac_year_id}</Descriptions.Item>
        <Descriptions.Item label="Class and Section">{d.class_label ?? d.class_id}</Descriptions.Item>
        <Descriptions.Item label="Roll No">{d.roll_no ?? ''}</Descriptions.Item>
        <Descriptions.Item label="Mobile">{d.mobile}</Descriptions.Item>
        <Descriptions.Item label="Date of Birth">{formatDate(d.dob)}</Descriptions.Item>
        <Descriptions.Item label="Admission No">{d.admission_no}</Descriptions.Item>
        <Descriptions.Item label="Admission Date">{formatDate(d.admission_date)}</Descriptions.Item>
        <Descriptions.Item label="SATS/USN">{d.usn ?? ''}</Descriptions.Item>
        <Descriptions.Item label="Aadhaar">{d.aadhar_no ?? ''}</Descriptions.Item>
        {fieldConfig(students).custom.map(({ key, prop }) => (
          <Descriptions.Item key={key} label={prop.title}>{displayValue(d.custom?.[key])}</Descriptions.Item>
        ))}
        <Descriptions.Item label="Parent Login" span={2}>{loginText}</Descriptions.Item>
        <Descriptions.Item label="Profile" span={2}>
          {[data.profile?.gender, data.profile?.religion, data.profile?.caste, data.profile?.blood_group, data.profile?.quota].filter(Boolean).join(', ') || 'None given'}
        </Descriptions.Item>
        <Descriptions.Item label="Father" span={2}>{parent(data.father)}</Descriptions.Item>
        <Descriptions.Item label="Mother" span={2}>{parent(data.mother)}</Descriptions.Item>
        {data.guardian && <Descriptions.Item label="Guardian" span={2}>{parent(data.guardian)}</Descriptions.Item>}
      </Descriptions>
      <Space style={{ marginTop: 24 }}>
        <Button onClick={onBack} disabled={busy}>Back</Button>
        <Button type="primary" onClick={() => void submit()} loading={busy}>Submit</Button>
      </Space>
    </>
  );
}
