/**
 * /certificate/transfer/{id}: the transfer certificate of student {id}, made from the student's
 * record. Before it is issued an admin gives the date of leaving, the reason, conduct and how far
 * fees are paid, and Issue (after a confirmation: the student is marked TC and leaves the current
 * lists) allocates the school's serial. Issued, it shows as printed, with Print and Download PDF;
 * the serial never changes.
 */
import dayjs from 'dayjs';
import { useParams, useNavigate } from 'react-router';
import { Alert, Button, Card, Descriptions, Form, Input, Modal, Space, Spin, Tag } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { download } from '../../framework/csv.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { useDeclaredCall, useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { declaredCall } from '../../../shared/calls.js';
import { classText, dmy, particulars } from '../../../shared/transfer-certificate.js';
import { PrintSheet, SchoolHead, printSoon } from '../PrintSheet.js';
import { DateItem } from '../../framework/DateInput.js';
import { STUDENT_STATUS } from '../../../generated/enums/students.js';

const ISSUE = declaredCall('transfer-certificates.issue').def.payload!;
const rules = (field: string) => payloadRules(ISSUE, field);
type Data = CallData<'transfer-certificates.one'>;
interface Values { leaving_date?: dayjs.Dayjs; reason?: string; conduct?: string; fees_paid_upto?: string; remarks?: string }

export default function TransferCertificate({ resource }: PageProps) {
  const { id } = useParams();
  const studentId = Number(id);
  const { result, query } = useDeclaredQuery('transfer-certificates.one', { params: { student_id: studentId } }, { enabled: Number.isInteger(studentId) });
  const school = useDeclaredQuery('school.about', {}, { errorToast: false });
  const canIssue = usePageButton(resource, 'certificate', 'issue');
  if (query.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (query.isError || !result?.data) return <Alert type="error" showIcon message="Student not found" />;
  const data = result.data;
  if (!data.certificate) {
    return canIssue
      ? <IssueForm data={data} onIssued={() => query.refetch()} />
      : <Alert type="info" showIcon message="No transfer certificate has been issued to this student." />;
  }
  return <Issued data={data as Data & { certificate: NonNullable<Data['certificate']> }} school={school.result?.data} studentId={studentId} />;
}

function IssueForm({ data, onIssued }: { data: Data; onIssued: () => unknown }) {
  const [form] = Form.useForm<Values>();
  const issue = useDeclaredCall('transfer-certificates.issue', { errorToast: false });
  const { busy, run } = useBusyAction();
  const s = data.student;
  const submit = (v: Values) => Modal.confirm({
    title: `Issue the transfer certificate of ${s.fullname}?`,
    content: 'A serial number is given and the student is marked TC: they leave the current lists.',
    okText: 'Issue',
    onOk: () => run(async () => {
      await issue({ body: {
        student_id: s.id, leaving_date: v.leaving_date!.format('YYYY-MM-DD'), reason: v.reason!.trim(), conduct: v.conduct!.trim(),
        fees_paid_upto: v.fees_paid_upto!.trim(), remarks: (v.remarks ?? '').trim(),
      } });
      await onIssued();
    }),
  });
  return (
    <Card title="Issue Transfer Certificate" style={{ maxWidth: 760 }}>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Student">{s.fullname}</Descriptions.Item>
        <Descriptions.Item label="Admission No">{s.admission_no}</Descriptions.Item>
        <Descriptions.Item label="Class">{classText(s)}</Descriptions.Item>
        <Descriptions.Item label="Date of Birth">{dmy(s.dob)}</Descriptions.Item>
        <Descriptions.Item label="Father's Name">{s.father_name ?? ''}</Descriptions.Item>
        <Descriptions.Item label="Admission Date">{dmy(s.admission_date)}</Descriptions.Item>
      </Descriptions>
      {s.status !== STUDENT_STATUS.ACTIVE && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="This student is not active now." />}
      <Form<Values> form={form} layout="vertical" onFinish={submit} disabled={busy}
        initialValues={{ leaving_date: dayjs(), conduct: 'Good', fees_paid_upto: dayjs().format('MMMM YYYY') }}>
        <DateItem label="Date of Leaving" name="leaving_date" rules={[{ required: true, message: ISSUE.errorMessage.required.leaving_date }]} picker={{ style: { width: 'auto' } }} />
        <Form.Item label="Reason for Leaving" name="reason" rules={rules('reason')}><Input maxLength={300} /></Form.Item>
        <Form.Item label="Conduct" name="conduct" rules={rules('conduct')}><Input maxLength={100} /></Form.Item>
        <Form.Item label="Fees Paid Up To" name="fees_paid_upto" rules={rules('fees_paid_upto')}><Input maxLength={100} /></Form.Item>
        <Form.Item label="Remarks" name="remarks" rules={rules('remarks')}><Input.TextArea rows={2} maxLength={500} /></Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>Issue TC</Button>
      </Form>
    </Card>
  );
}

function Issued({ data, school, studentId }: { data: Data & { certificate: NonNullable<Data['certificate']> }; school?: CallData<'school.about'>; studentId: number }) {
  const navigate = useNavigate();
  const pdf = useDeclaredCall('transfer-certificates.pdf');
  const { busy, run } = useBusyAction();
  const c = data.certificate;
  return (
    <Card title={<Space wrap>Transfer Certificate <Tag color="red" data-testid="tc-serial">{c.serial}</Tag></Space>} style={{ maxWidth: 860 }}
      extra={(
        <Space wrap className="no-print">
          <Button icon={<PrinterOutlined />} onClick={printSoon}>Print</Button>
          <Button icon={<DownloadOutlined />} loading={busy} onClick={() => run(async () => {
            const file = await pdf({ params: { student_id: studentId } });
            download(file.path, file.name);
          })}>Download PDF</Button>
          <Button onClick={() => navigate('/certificate/transfer')}>Find another</Button>
        </Space>
      )}>
      <PrintSheet testId="tc-sheet">
        <SchoolHead school={school} />
        <h2 style={{ textAlign: 'center', letterSpacing: 1, margin: '4px 0 12px' }}>TRANSFER CERTIFICATE</h2>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
          <strong>Serial No: {c.serial}</strong>
          <span>Date of issue: {dmy(String(c.issued_at))}</span>
        </Space>
        <table style={{ width: '100%', borderCollapse: 'collapse' }}>
          <tbody>
            {particulars({ student: data.student, certificate: c }).map(([label, value], i) => (
              <tr key={label} style={{ borderBottom: '1px solid #eee' }}>
                <td style={{ padding: '6px 8px', width: '50%' }}>{i + 1}. {label}</td>
                <td style={{ padding: '6px 8px', fontWeight: 600 }}>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginTop: 56 }}>
          <span>Prepared by</span><span>Checked by</span><span>Principal</span>
        </Space>
      </PrintSheet>
    </Card>
  );
}
