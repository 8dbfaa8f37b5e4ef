/**
 * The leads CSV import (/admissions/leads/import/): choose a .csv file (csv only), it is uploaded
 * and PUT /leads/import/ adds its good rows ('Leads list imported!'); rows with a problem are
 * listed with their line and error, and left out.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, App, Button, Card, Space, Table, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { ApiError } from '../../api.js';
import { uploadFile, uploadRule } from '../../framework/upload.js';
import { callDeclared, type CallData } from '../../framework/useDeclaredCall.js';
import { errorText } from '../../framework/useCall.js';
import { useLeadCount } from './leadsModel.js';

const KIND = 'leads-import';
const FILE = uploadRule(KIND);
type Result = CallData<'leads.import'>;

export default function LeadsImport(_props: PageProps) {
  const { notification } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [refused, setRefused] = useState<string[] | null>(null);
  const leads = useLeadCount();

  const importFile = async (file: File) => {
    const problem = FILE.problem(file);
    if (problem) {
      notification.error({ message: problem });
      return;
    }
    setBusy(true);
    setResult(null);
    setRefused(null);
    try {
      const { path } = await uploadFile(file, KIND);
      const res = await callDeclared('leads.import', { body: { path } });
      if (res.message) notification.success({ message: res.message });
      setResult(res.data);
    } catch (e) {
      notification.error({ message: errorText(e) });
      if (e instanceof ApiError && e.details) setRefused(e.details.slice(1));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="Import leads" extra={<Link to="/admissions/leads/">All leads</Link>} style={{ maxWidth: 800 }}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Typography.Paragraph>
          A CSV file with a heading line: parent_name, mobile, email, student_name, class, status (a number from -3 to 6 or its
          name), dob, gender, reason, referrer. Other columns are kept as the lead's extra details.
          {leads !== undefined && ` The school has ${leads} lead${leads === 1 ? '' : 's'} now.`}
        </Typography.Paragraph>
        <Upload accept={FILE.accept} showUploadList={false} beforeUpload={(file) => { void importFile(file); return false; }}>
          <Button type="primary" icon={<UploadOutlined />} loading={busy}>Choose CSV file</Button>
        </Upload>
        {result && (
          <Alert type={result.errors.length ? 'warning' : 'success'} showIcon
            message={`${result.added} lead${result.added === 1 ? '' : 's'} added${result.errors.length ? `, ${result.errors.length} row${result.errors.length === 1 ? '' : 's'} left out` : ''}`} />
        )}
        {result && result.errors.length > 0 && (
          <Table
            rowKey="line" size="small" dataSource={result.errors} pagination={{ pageSize: 20, hideOnSinglePage: true }}
            columns={[
              { key: 'line', dataIndex: 'line', title: 'Row' },
              { key: 'name', dataIndex: 'parent_name', title: 'Parent Name' },
              { key: 'error', dataIndex: 'error', title: 'Error' },
            ]}
          />
        )}
        {refused && refused.length > 0 && (
          <Alert type="error" showIcon message="Rows with a problem" description={<ul style={{ margin: 0 }}>{refused.map((r) => <li key={r}>{r}</li>)}</ul>} />
        )}
      </Space>
    </Card>
  );
}
