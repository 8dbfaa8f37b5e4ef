/**
 * The marks viewer (/marks/, spec 2 Marks): class, year and test, then students by subjects
 * with total, percentage, grade and rank. CSV export; the empty marks list to fill in and its
 * import; Approve Marks for roles 3 and 4 (disabled once approved, enabled again if it fails);
 * Re-open for editing once approved.
 */
import { useState } from 'react';
import { Alert, App, Button, Card, Modal, Popconfirm, Space, Table, Tag, Typography, Upload } from 'antd';
import { CheckOutlined, DownloadOutlined, UnlockOutlined, UploadOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import type { PageProps } from '../registry.js';
import { callDeclared, useDeclaredCall, useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { usePageButton } from '../../framework/useAccess.js';
import { download, downloadCsv, toCsv } from '../../framework/csv.js';
import { errorText } from '../../framework/useCall.js';
import { uploadFile, uploadRule } from '../../framework/upload.js';
import { MarksPicks, usePicks } from './MarksPicks.js';

type Results = CallData<'marks.view'>;
type Row = Results['students'][number];
type Cell = Row['marks'][string];

const MARKS_FILE = uploadRule('marks-csv');
const cellText = (c: Cell | undefined) => (!c ? '' : c.absent ? 'AB' : c.marks_obtained ?? c.grade ?? '');

export default function MarksViewer({ resource }: PageProps) {
  const [picks, set] = usePicks();
  const ready = picks.class_id !== undefined && picks.year !== undefined && picks.test !== undefined;
  const { result, query } = useDeclaredQuery('marks.view', { params: { test: picks.test!, class: picks.class_id!, year: picks.year! } }, { enabled: ready });
  // Until the call has answered, a query's result holds an empty object, not the answer.
  const data = ready && query.isSuccess ? result?.data : undefined;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title="Marks" size="small"><MarksPicks picks={picks} set={set} /></Card>
      {!ready && <Alert type="info" showIcon message="Select class, academic year and test to see the marks." />}
      {ready && query.isLoading && <Card loading />}
      {data && <ResultsCard resource={resource} data={data} picks={{ test: picks.test!, class: picks.class_id!, year: picks.year! }} reload={() => void query.refetch()} />}
    </Space>
  );
}

function ResultsCard({ resource, data, picks, reload }: PageProps & { data: Results; picks: { test: number; class: number; year: number }; reload: () => void }) {
  const { notification } = App.useApp();
  const canApprove = usePageButton(resource, 'viewer', 'approve');
  const canReopen = usePageButton(resource, 'viewer', 'reopen');
  const canTemplate = usePageButton(resource, 'viewer', 'template');
  const canImport = usePageButton(resource, 'viewer', 'import');
  const approve = useDeclaredCall('marks.approve');
  const reopen = useDeclaredCall('marks.reopen');
  const [approving, setApproving] = useState(false);
  const [importing, setImporting] = useState(false);
  const [report, setReport] = useState<CallData<'marks.import'> | null>(null);
  const approved = data.approval.approved;

  const columns: ColumnsType<Row> = [
    { key: 'roll', title: 'Roll No', width: 70, fixed: 'left', render: (_v, r) => r.roll_no ?? '' },
    { key: 'name', title: 'Name', dataIndex: 'fullname', fixed: 'left', width: 170 },
    ...data.subjects.map((s) => ({
      key: `s${s.test_subject_id}`, title: s.marks_type === 2 ? s.subject : `${s.subject} (${s.max_marks})`, width: 110, align: 'center' as const,
      render: (_v: unknown, r: Row) => {
        const c = r.marks[s.test_subject_id];
        return c?.absent ? <Tag>AB</Tag> : cellText(c);
      },
    })),
    { key: 'total', title: 'Total', width: 90, align: 'right', render: (_v, r) => (r.total === null ? '' : `${r.total}/${r.max_total}`) },
    { key: 'pct', title: '%', width: 70, align: 'right', render: (_v, r) => r.percentage ?? '' },
    { key: 'grade', title: 'Grade', width: 70, align: 'center', dataIndex: 'grade' },
    { key: 'rank', title: 'Rank', width: 60, align: 'center', dataIndex: 'rank' },
  ];

  const exportCsv = () => {
    if (!data.students.length) { notification.error({ message: 'No data to export' }); return; }
    const header = ['Roll No', 'Admission No', 'Name', ...data.subjects.map((s) => s.subject), 'Total', 'Max', 'Percentage', 'Grade', 'Rank'];
    const rows = data.students.map((r) => [r.roll_no ?? '', r.admission_no ?? '', r.fullname, ...data.subjects.map((s) => cellText(r.marks[s.test_subject_id])),
      r.total ?? '', r.max_total ?? '', r.percentage ?? '', r.grade ?? '', r.rank ?? '']);
    downloadCsv(`marks_${data.test_name ?? picks.test}.csv`.replace(/[^A-Za-z0-9._-]+/g, '_'), toCsv(header, rows));
  };

  const doApprove = async () => {
    setApproving(true);
    try {
      await approve({ params: { test: picks.test, class: picks.class } });
      reload();
    } catch {
      setApproving(false); // enabled again so it can be tried once more
      return;
    }
    setApproving(false);
  };

  const template = async () => {
    try {
      const { data: file } = await callDeclared('marks.emptyList', { params: { class: picks.class, year: picks.year, test: picks.test } });
      download(file.path, file.name);
    } catch (e) {
      notification.error({ message: errorText(e) });
    }
  };

  const importFile = async (file: File) => {
    setImporting(true);
    try {
      const up = await uploadFile(file, 'marks-csv');
      const { data: res, message } = await callDeclared('marks.import', { body: { csv_file_path: up.path, test_id: picks.test, class_id: picks.class, ac_year_id: picks.year } });
      if (message) notification.success({ message });
      setReport(res);
      reload();
    } catch (e) {
      notification.error({ message: errorText(e) });
    } finally {
      setImporting(false);
    }
  };

  return (
    <Card
      size="small"
      title={<Space wrap>{data.test_name}{approved ? <Tag color="green">Approved</Tag> : <Tag>Not approved</Tag>}</Space>}
      extra={(
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={exportCsv}>Export</Button>
          {canTemplate && !approved && <Button onClick={() => void template()}>Empty Marks List</Button>}
          {canImport && !approved && (
            <Upload accept={MARKS_FILE.accept} showUploadList={false} beforeUpload={(file) => {
              const problem = MARKS_FILE.problem(file);
              if (problem) notification.error({ message: problem });
              else void importFile(file);
              return false;
            }}>
              <Button icon={<UploadOutlined />} loading={importing}>Import Marks</Button>
            </Upload>
          )}
          {canApprove && <Button type="primary" icon={<CheckOutlined />} loading={approving} disabled={approved || approving} onClick={() => void doApprove()}>Approve Marks</Button>}
          {canReopen && approved && (
            <Popconfirm title="Re-open these marks for editing?" okText="Re-open" onConfirm={async () => { try { await reopen({ params: { test: picks.test, class: picks.class }, body: {} }); reload(); } catch { /* shown as a toast */ } }}>
              <Button icon={<UnlockOutlined />}>Re-open</Button>
            </Popconfirm>
          )}
        </Space>
      )}
    >
      {!data.subjects.length && <Alert type="warning" showIcon message="No test taken" />}
      <Table<Row> rowKey="student_id" size="small" pagination={false} columns={columns} dataSource={data.students} scroll={{ x: 'max-content' }} />
      <Modal open={report !== null} title="Marks import" onOk={() => setReport(null)} onCancel={() => setReport(null)} cancelButtonProps={{ style: { display: 'none' } }}>
        {report && (
          <>
            <Typography.Paragraph>{report.saved} marks saved{report.subjects.length ? ` (${report.subjects.join(', ')})` : ''}.</Typography.Paragraph>
            {report.errors.length > 0 && (
              <Table size="small" rowKey={(e) => `${e.row}-${e.message}`} pagination={false} dataSource={report.errors}
                columns={[{ title: 'Row', dataIndex: 'row', width: 60 }, { title: 'Problem', dataIndex: 'message' }]} />
            )}
          </>
        )}
      </Modal>
    </Card>
  );
}
