/**
 * The application form (/admissions/apply/new-application/, spec 4 §3 and §5): the student, the
 * class from the open list, the parent, father and mother, the guardian's address and the
 * previous school with its marks cards, and the photo (JPG or PNG under 2 MB). Files are sent as
 * they are chosen, with the guest pass; Next shows the preview. The parent's name and mobile are
 * copied as they are typed to the fields of the relation they give: the father's (as spec 4 §5
 * has it, the default), the mother's, or none for a guardian who is neither.
 */
import { useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { App, Button, Form, Input, Radio, theme, type FormInstance } from 'antd';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { DateItem } from '../../framework/DateInput.js';
import { applyCalls, errorText, LINK_ERRORS, readFlow, updateFlow, uploadAccept, uploadCheck, uploadWithPass, type UploadKind } from './applyCall.js';

const payload = applyCalls.submit.payload;
interface FileRef { name: string; path: string; url: string }

function FilePicker({ id, kind, multiple, files, onChange }: { id: string; kind: UploadKind; multiple?: boolean; files: FileRef[]; onChange: (f: FileRef[]) => void }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const pick = async (list: FileList | null) => {
    if (!list?.length) return;
    setBusy(true);
    const added: FileRef[] = [];
    try {
      for (const file of Array.from(list)) {
        const problem = uploadCheck(kind, file);
        if (problem) { message.error(problem); continue; }
        try {
          const saved = await uploadWithPass(kind, file);
          added.push({ name: saved.name, path: saved.path, url: saved.path });
        } catch (e) {
          message.error(errorText(e));
        }
      }
    } finally {
      setBusy(false);
    }
    if (added.length) onChange(multiple ? [...files, ...added].slice(0, 5) : added.slice(0, 1));
  };
  return (
    <div>
      <input id={id} type="file" accept={uploadAccept(kind)} multiple={multiple} disabled={busy} style={{ maxWidth: '100%' }}
        onChange={(e) => { void pick(e.target.files); e.target.value = ''; }} />
      {kind === 'admission-photo' && files[0] ? (
        <img src={files[0].url} alt="Student photo" data-testid="photo-preview" style={{ display: 'block', marginTop: 8, maxWidth: 120, maxHeight: 150, objectFit: 'cover', borderRadius: 4 }} />
      ) : null}
      {kind !== 'admission-photo' && files.length ? (
        <ul style={{ paddingLeft: 18, margin: '8px 0 0' }}>
          {files.map((f) => (
            <li key={f.path}>{f.name} <Button type="link" size="small" aria-label={`Remove ${f.name}`} onClick={() => onChange(files.filter((x) => x !== f))}>Remove</Button></li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The phone's own picker for the class: a native select, labelled by its form item. */
function ClassSelect({ classes, value, onChange, ...rest }: { classes: string[]; value?: string; onChange?: (v: string) => void; id?: string }) {
  const { token } = theme.useToken();
  return (
    <select {...rest} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)}
      style={{ width: '100%', height: 32, padding: '0 8px', fontSize: token.fontSize, border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadius, background: token.colorBgContainer, color: token.colorText }}>
      <option value="" disabled>Select class</option>
      {classes.map((c) => <option key={c} value={c}>{c}</option>)}
    </select>
  );
}

function ParentFields({ who, label }: { who: 'father' | 'mother'; label: string }) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend style={{ fontWeight: 600, marginBottom: 8 }}>{label}</legend>
      <Form.Item label={`${label}'s Name`} name={['details', who, 'name']}><Input maxLength={100} autoComplete="off" /></Form.Item>
      <Form.Item label={`${label}'s Mobile`} name={['details', who, 'mobile']}><Input inputMode="tel" maxLength={16} /></Form.Item>
      <Form.Item label={`${label}'s Profession`} name={['details', who, 'profession']}><Input maxLength={100} /></Form.Item>
      <Form.Item label={`${label}'s Salary`} name={['details', who, 'salary']}><Input inputMode="numeric" maxLength={30} /></Form.Item>
    </fieldset>
  );
}

const RELATION_HINT = "The name and mobile above fill the father's or mother's details below.";

type Relation = 'father' | 'mother' | 'guardian';
/** The relations a parent/guardian may give, as the payload's schema lists them. */
const RELATIONS = (payload.properties.details.properties.guardian.properties.relation.oneOf as Array<{ const: Relation | null; title: string }>)
  .filter((o): o is { const: Relation; title: string } => o.const !== null)
  .map((o) => ({ value: o.const, label: o.title }));

/**
 * Puts the parent/guardian's name and mobile into the fields of `to` (the father's or mother's),
 * and empties those of `from` that held only the copy, so a relation changed moves them.
 */
function copyParent(form: FormInstance, to: Relation, from?: Relation) {
  const name = form.getFieldValue('parent_name');
  const mobile = form.getFieldValue('mobile');
  if (from && from !== to && from !== 'guardian') {
    if (form.getFieldValue(['details', from, 'name']) === name) form.setFieldValue(['details', from, 'name'], undefined);
    if (form.getFieldValue(['details', from, 'mobile']) === mobile) form.setFieldValue(['details', from, 'mobile'], undefined);
  }
  if (to === 'guardian') return;
  form.setFieldValue(['details', to, 'name'], name);
  form.setFieldValue(['details', to, 'mobile'], mobile);
}

export default function ApplicationForm() {
  const navigate = useNavigate();
  const flow = readFlow();
  const [form] = Form.useForm();
  const [photo, setPhoto] = useState<FileRef[]>(flow?.form?.student_photo ? [flow.form.student_photo] : []);
  const [cards, setCards] = useState<FileRef[]>(flow?.form?.details?.prev_school?.marks_card ?? []);
  const relation = useRef<Relation>(flow?.form?.details?.guardian?.relation ?? 'father');
  if (!flow?.pass || !flow.school) return <Navigate to="/admissions/apply/" replace />;
  if (flow.application) return <Navigate to="/admissions/apply/preview/" replace />;
  const classes = flow.school.classes;

  const next = (values: Record<string, any>) => {
    const details = { ...values.details, prev_school: { ...values.details?.prev_school, marks_card: cards } };
    updateFlow({ form: { ...values, details, student_photo: photo[0] ?? null } });
    navigate('/admissions/apply/preview/');
  };

  return (
    <>
      <h1 style={{ fontSize: 20, marginTop: 0 }}>Application Form — {flow.school.name}</h1>
      <Form form={form} layout="vertical" initialValues={flow.form ?? { details: { guardian: { relation: 'father' } } }} onFinish={next} requiredMark
        onValuesChange={(changed) => {
          const to: Relation | undefined = changed.details?.guardian?.relation;
          if (to) {
            copyParent(form, to, relation.current);
            relation.current = to;
          } else if ('parent_name' in changed || 'mobile' in changed) copyParent(form, relation.current);
        }}>
        <Form.Item label="Student Name" name="student_name" rules={payloadRules(payload, 'student_name')}><Input maxLength={100} /></Form.Item>
        <Form.Item label="Class" name="application_class" rules={payloadRules(payload, 'application_class')}>
          <ClassSelect classes={classes} />
        </Form.Item>
        <DateItem label="Date of Birth" name={['details', 'student', 'dob']} wire picker={{ disabledDate: (d) => d.isAfter(new Date(), 'day') }} />
        <Form.Item label="Gender" name={['details', 'student', 'gender']}>
          <Radio.Group options={[{ value: 'm', label: 'Male' }, { value: 'f', label: 'Female' }, { value: 'o', label: 'Other' }]} />
        </Form.Item>
        <Form.Item label="Student Photo" htmlFor="adm-photo" extra="JPG or PNG, under 2 MB">
          <FilePicker id="adm-photo" kind="admission-photo" files={photo} onChange={setPhoto} />
        </Form.Item>
        <Form.Item label="Parent/Guardian Name" name="parent_name" rules={payloadRules(payload, 'parent_name')}><Input maxLength={100} /></Form.Item>
        <Form.Item label="Relation to the Student" name={['details', 'guardian', 'relation']} extra={RELATION_HINT}>
          <Radio.Group options={RELATIONS} />
        </Form.Item>
        <Form.Item label="Mobile" name="mobile" rules={payloadRules(payload, 'mobile')}><Input inputMode="tel" maxLength={16} /></Form.Item>
        <Form.Item label="Email" name="email" rules={payloadRules(payload, 'email')}><Input type="email" maxLength={120} /></Form.Item>
        <ParentFields who="father" label="Father" />
        <ParentFields who="mother" label="Mother" />
        <Form.Item label="Guardian Address" name={['details', 'guardian', 'address']}><Input.TextArea rows={3} maxLength={500} /></Form.Item>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ fontWeight: 600, marginBottom: 8 }}>Previous School</legend>
          <Form.Item label="School Name" name={['details', 'prev_school', 'name']}><Input maxLength={200} /></Form.Item>
          <Form.Item label="City" name={['details', 'prev_school', 'city']}><Input maxLength={100} /></Form.Item>
          <Form.Item label="Marks" name={['details', 'prev_school', 'marks']}><Input maxLength={50} /></Form.Item>
          <Form.Item label="Marks Card" htmlFor="adm-marks-card" extra="JPG, PNG or PDF">
            <FilePicker id="adm-marks-card" kind="admission-marks-card" multiple files={cards} onChange={setCards} />
          </Form.Item>
        </fieldset>
        <Button type="primary" htmlType="submit" size="large" block>Next</Button>
      </Form>
      {classes.length ? null : <p>{LINK_ERRORS.notOpen}</p>}
    </>
  );
}
