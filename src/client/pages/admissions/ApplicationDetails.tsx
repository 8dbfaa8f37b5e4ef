/**
 * An application as the office sees it (/admissions/application/:id): the applicant, the parents,
 * the previous school with its marks cards, the photo and the online payment; the application
 * status (-2 to 3) and payment status (-1, 0, 1) set with PATCH /admissions/application/status/
 * ('Status Updated'), the payment selector locked when an online payment record exists; and a
 * selected application (status 3) admitted through the add-student wizard, prefilled.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Col, Descriptions, Form, Row, Select, Space, Typography } from 'antd';
import { SaveOutlined, UserAddOutlined } from '@ant-design/icons';
import { useOne } from '@refinedev/core';
import type { Application } from '../../../generated/entities/admissions.js';
import type { EntityRow } from '../../../shared/wire.js';
import { APPLICATION_PAYMENT_STATUS, APPLICATION_PAYMENT_STATUS_OPTIONS, APPLICATION_STATUS, APPLICATION_STATUS_OPTIONS } from '../../../generated/enums/admissions.js';
import type { EnumOption } from '../../../shared/options.js';
import { StatusTag } from '../../framework/StatusTag.js';
import type { PageProps } from '../registry.js';
import { formatDate, formatDateTime, formatMoney } from '../../framework/format.js';
import { errorNotification } from '../../framework/notify.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useDeclaredCall, type CallInput } from '../../framework/useDeclaredCall.js';
import { errorText } from '../../framework/useCall.js';
import { newWizardId, saveWizard } from '../students/studentModel.js';
import { useClassesAndYears } from '../useClassesAndYears.js';
import { admissionDraft } from './applicationsAdmit.js';

const TIME_FORMAT = 'DD-MM-YYYY hh:mm A';
const GENDER: Record<string, string> = { m: 'Male', f: 'Female', o: 'Other' };
const RELATION: Record<string, string> = { father: 'Father', mother: 'Mother', guardian: 'Guardian' };
const options = <V extends number>(table: readonly EnumOption<V>[]) => table.map((o) => ({ value: o.value, label: `${o.label} (${o.value})` }));
const show = (v: unknown) => (v === undefined || v === null || v === '' ? '—' : String(v));

type Row = EntityRow<Application>;
type StatusBody = CallInput<'applications.status'>['body'];
type StatusValues = { application_status: StatusBody['application_status']; payment_status: StatusBody['payment_status'] };

export default function ApplicationDetails({ resource }: PageProps) {
  const { id } = useParams();
  const appId = Number(id);
  const valid = Number.isInteger(appId) && appId > 0;
  const navigate = useNavigate();
  const canSetStatus = usePageButton(resource, 'details', 'status');
  const canAdmit = usePageButton(resource, 'details', 'admit');
  const { classes } = useClassesAndYears();
  const one = useOne<Row>({ resource: 'applications', id: appId, queryOptions: { enabled: valid }, errorNotification });
  const a = one.result;

  const setStatus = useDeclaredCall('applications.status');
  const [form] = Form.useForm<StatusValues>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (a) form.setFieldsValue({ application_status: a.status as StatusValues['application_status'], payment_status: a.payment_status as StatusValues['payment_status'] });
  }, [a, form]);
  const paidOnline = Boolean(a?.fee_payment);

  const save = async (v: StatusValues) => {
    if (!a) return;
    setSaving(true);
    try {
      await setStatus({ body: { application_id: a.id, application_status: v.application_status, ...(paidOnline ? {} : { payment_status: v.payment_status }) } });
      await one.query.refetch();
    } catch {
      // The refusal was shown.
    } finally {
      setSaving(false);
    }
  };

  const admit = () => {
    if (!a) return;
    const wid = newWizardId();
    saveWizard(window.sessionStorage, wid, admissionDraft(a, classes));
    navigate(`/students/new?w=${wid}&step=0`);
  };

  if (!valid) return <Alert type="error" showIcon message="Application not found" />;
  const d = a?.details ?? {};
  const parent = (p: { name?: string | null; mobile?: string | null; profession?: string | null; salary?: string | null } | undefined) =>
    p?.name ? [p.name, p.mobile, p.profession, p.salary && `Salary ${p.salary}`].filter(Boolean).join(' · ') : '—';

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {one.query.isError && <Alert type="error" showIcon message={errorText(one.query.error)} />}
      <Card
        title={a ? `Application ${a.application_no ?? a.id}` : 'Application'}
        loading={one.query.isLoading}
        extra={<Link to="/admissions/applications/">All applications</Link>}
      >
        {a && (
          <Row gutter={[24, 16]}>
            {a.student_photo?.url && (
              <Col flex="none"><img src={a.student_photo.url} alt={`Photo of ${a.student_name}`} style={{ width: 120, height: 150, objectFit: 'cover', borderRadius: 8 }} /></Col>
            )}
            <Col flex="auto">
              <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
                <Descriptions.Item label="Student Name">{a.student_name}</Descriptions.Item>
                <Descriptions.Item label="Class">{a.application_class}</Descriptions.Item>
                <Descriptions.Item label="Applied On">{formatDateTime(a.timestamp, TIME_FORMAT)}</Descriptions.Item>
                <Descriptions.Item label="Date of Birth">{d.student?.dob ? formatDate(d.student.dob) : '—'}</Descriptions.Item>
                <Descriptions.Item label="Gender">{d.student?.gender ? GENDER[d.student.gender] : '—'}</Descriptions.Item>
                <Descriptions.Item label="Parent/Guardian">{a.parent_name}{d.guardian?.relation ? ` (${RELATION[d.guardian.relation]})` : ''}</Descriptions.Item>
                <Descriptions.Item label="Mobile">{a.mobile}</Descriptions.Item>
                <Descriptions.Item label="Email">{a.email}</Descriptions.Item>
                <Descriptions.Item label="Address">{show(d.guardian?.address)}</Descriptions.Item>
                <Descriptions.Item label="Father">{parent(d.father)}</Descriptions.Item>
                <Descriptions.Item label="Mother">{parent(d.mother)}</Descriptions.Item>
                <Descriptions.Item label="Previous School">{[d.prev_school?.name, d.prev_school?.city].filter(Boolean).join(', ') || '—'}</Descriptions.Item>
                <Descriptions.Item label="Marks">{show(d.prev_school?.marks)}</Descriptions.Item>
                <Descriptions.Item label="Marks Cards">
                  {d.prev_school?.marks_card?.length
                    ? <Space wrap>{d.prev_school.marks_card.map((m) => <a key={m.path} href={m.url} target="_blank" rel="noreferrer">{m.name}</a>)}</Space>
                    : '—'}
                </Descriptions.Item>
                <Descriptions.Item label="Application Fee">{a.fee_amount ? formatMoney(a.fee_amount) : 'None'}</Descriptions.Item>
                <Descriptions.Item label="Status"><Space wrap><StatusTag options={APPLICATION_STATUS_OPTIONS} value={a.status ?? APPLICATION_STATUS.UNKNOWN} /><StatusTag options={APPLICATION_PAYMENT_STATUS_OPTIONS} value={a.payment_status ?? APPLICATION_PAYMENT_STATUS.NOT_YET_RECEIVED} /></Space></Descriptions.Item>
              </Descriptions>
              {a.fee_payment && (
                <Alert
                  type="success" showIcon style={{ marginTop: 12 }}
                  message={`Paid online: ${formatMoney((a.fee_payment.total_amount ?? 0) / 100)} by ${show(a.fee_payment.payment_mode)}`}
                  description={`Order ${show(a.fee_payment.order_id)}${a.fee_payment.payment_id ? `, payment ${a.fee_payment.payment_id}` : ''}${a.fee_payment.timestamp ? `, ${formatDateTime(a.fee_payment.timestamp, TIME_FORMAT)}` : ''}`}
                />
              )}
            </Col>
          </Row>
        )}
      </Card>
      {a && canSetStatus && (
        <Card title="Status">
          <Form form={form} layout="vertical" name="application-status" onFinish={save} style={{ maxWidth: 640 }}>
            <Row gutter={16}>
              <Col xs={24} sm={12}>
                <Form.Item label="Application Status" name="application_status">
                  <Select options={options(APPLICATION_STATUS_OPTIONS)} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item label="Payment Status" name="payment_status" extra={paidOnline ? <Typography.Text type="secondary">Locked: the fee was paid online</Typography.Text> : undefined}>
                  <Select options={options(APPLICATION_PAYMENT_STATUS_OPTIONS)} disabled={paidOnline} />
                </Form.Item>
              </Col>
            </Row>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving}>Update Status</Button>
          </Form>
        </Card>
      )}
      {a && a.status === APPLICATION_STATUS.SELECTED && canAdmit && (
        <Card title="Admission">
          <Space direction="vertical">
            <Typography.Text>This application is selected. Admit the student with the details from the application.</Typography.Text>
            <Button type="primary" icon={<UserAddOutlined />} onClick={admit}>Admit Student</Button>
          </Space>
        </Card>
      )}
    </Space>
  );
}
