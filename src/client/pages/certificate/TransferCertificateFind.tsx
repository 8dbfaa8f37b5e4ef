/**
 * /certificate/transfer: the admission-number box. Find opens the student's certificate page
 * (issued or to issue); several students with the number are listed to choose from.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Form, Input, List, Space, Tag } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { classSectionLabel } from '../../framework/labels.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { useDeclaredCall, type CallData } from '../../framework/useDeclaredCall.js';
import { declaredCall } from '../../../shared/calls.js';

/** The students' search by admission number declares the words for a blank one. */
const ADMISSION_NO_REQUIRED = declaredCall('students.searchBy').def.errors!.admissionNo!;

type Found = CallData<'transfer-certificates.find'>;

export default function TransferCertificateFind(_props: PageProps) {
  const navigate = useNavigate();
  const find = useDeclaredCall('transfer-certificates.find', { errorToast: false });
  const { busy, run } = useBusyAction();
  const [found, setFound] = useState<Found>([]);
  const search = ({ admission_no }: { admission_no?: string }) => run(async () => {
    const rows = await find({ params: { admission_no: admission_no!.trim() } });
    if (rows.length === 1) navigate(`/certificate/transfer/${rows[0]!.id}`);
    else setFound(rows);
  });

  return (
    <Card title="Transfer Certificate" style={{ maxWidth: 640 }}>
      <Form layout="inline" onFinish={search} style={{ rowGap: 8 }}>
        <Form.Item label="Admission No" name="admission_no" rules={[{ required: true, whitespace: true, message: ADMISSION_NO_REQUIRED }]}>
          <Input placeholder="Admission number" allowClear autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={busy}>Find</Button>
      </Form>
      {found.length > 1 && (
        <List style={{ marginTop: 16 }} dataSource={found} renderItem={(s) => (
          <List.Item actions={[<Button key="open" onClick={() => navigate(`/certificate/transfer/${s.id}`)}>Open</Button>]}>
            <Space>{s.fullname}<span>{classSectionLabel(s)}</span>{s.serial ? <Tag color="red">{s.serial}</Tag> : null}</Space>
          </List.Item>
        )} />
      )}
    </Card>
  );
}
