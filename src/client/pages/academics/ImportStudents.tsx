/**
 * The classes list's "upload students list" action (a row component): the 'Import students
 * list' modal with an academic-year picker (the enabled year preselected), the CSV rules of
 * spec 1 section 5 and a drag upload accepting .csv only. The file goes to
 * POST /upload/?file_path=documents, then PUT /import/students/ {path, class_id, ac_year_id,
 * import_id}; while it runs, GET /import/students/progress/{import_id}/ shows the rows done of
 * the total. It ends with the counts ("412 students added, 3 rows not added") and the rows the
 * server refused, each with its reason; the list reloads afterwards.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Form, Modal, Progress, Select, Table, Typography, Upload } from 'antd';
import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { useInvalidate, useList, useNotification } from '@refinedev/core';
import type { YearRow } from '../useClassesAndYears.js';
import type { RowComponentProps } from '../registry.js';
import { ApiError } from '../../api.js';
import { callDeclared } from '../../framework/useDeclaredCall.js';
import { sameValue } from '../../framework/calls.js';
import { isCsvName, uploadFile } from '../../framework/upload.js';
import { classSection } from '../students/studentModel.js';
import { importSummary, newImportId, progressPercent, progressText, type ImportAnswer, type ImportProgress } from './importModel.js';
import { ACYEAR_STATUS } from '../../../generated/enums/academics.js';

/** How often the progress is asked for while the import runs. */
const POLL_MS = 700;

export const IMPORT_RULES = [
  'The admission number must be unique across all classes, branches and academic years.',
  'Dates are in YYYY-MM-DD format.',
  'The mobile number is 10 digits with no leading zero, spaces, hyphens or country code; it is the student\'s login username and password.',
];

export default function ImportStudents({ resource, row }: RowComponentProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" icon={<UploadOutlined />} onClick={() => setOpen(true)}>Upload Students</Button>
      {open && <ImportModal classRow={row} listResource={resource.name} onClose={() => setOpen(false)} />}
    </>
  );
}

function ImportModal({ classRow, listResource, onClose }: { classRow: Record<string, any>; listResource: string; onClose: () => void }) {
  const [year, setYear] = useState<number>();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<ImportAnswer | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const polling = useRef<ReturnType<typeof setInterval> | null>(null);
  const { open: notify } = useNotification();
  const stopPolling = () => { if (polling.current) clearInterval(polling.current); polling.current = null; };
  useEffect(() => stopPolling, []);
  const invalidate = useInvalidate();

  const years = useList<YearRow>({ resource: 'acyears', pagination: { mode: 'off' }, errorNotification: false });
  const yearRows = years.result?.data ?? [];
  const options = useMemo(() => yearRows.map((r) => ({ value: r.id, label: r.name })), [yearRows]);
  useEffect(() => {
    if (year !== undefined) return;
    const enabled = yearRows.find((r) => sameValue(r.status, ACYEAR_STATUS.ENABLED));
    if (enabled) setYear(enabled.id);
  }, [yearRows, year]);

  const submit = async () => {
    if (!year) { setProblem('Please select academic year'); return; }
    if (!file) { setProblem('Please choose a CSV file'); return; }
    setProblem(null);
    setBusy(true);
    setProgress(null);
    try {
      const uploaded = await uploadFile(file, 'documents');
      const importId = newImportId();
      polling.current = setInterval(() => {
        callDeclared('students.importProgress', { params: { import_id: importId } })
          .then(({ data: p }) => { if (polling.current) setProgress(p); })
          .catch(() => undefined); // a missed poll only delays the figure
      }, POLL_MS);
      const res = await callDeclared('students.import', { body: { path: uploaded.path, class_id: classRow.id, ac_year_id: year, import_id: importId } });
      stopPolling();
      await invalidate({ resource: listResource, invalidates: ['list'] });
      await invalidate({ resource: 'students', invalidates: ['list'] });
      setResult(res.data ?? {});
    } catch (e) {
      // A network failure has no server text: the spec's fallback. Otherwise the server's own words.
      const msg = e instanceof ApiError && e.statusCode !== 0 ? e.message : 'Failed to add students';
      notify?.({ type: 'error', message: msg });
    } finally {
      stopPolling();
      setBusy(false);
    }
  };

  const klass = classSection(classRow as { class?: string; section?: string });
  return (
    <>
      <Modal
        open={result === null}
        title="Import students list"
        okText="Import"
        onOk={submit}
        okButtonProps={{ loading: busy, disabled: !file }}
        onCancel={onClose}
        destroyOnHidden
        maskClosable={!busy}
      >
        <Typography.Paragraph>Class: <strong>{klass}</strong></Typography.Paragraph>
        <Form layout="vertical" component="div">
          <Form.Item label="Academic Year" htmlFor="import-ac-year" required>
            <Select id="import-ac-year" value={year} onChange={setYear} options={options} loading={years.query.isLoading} placeholder="Select Academic Year" />
          </Form.Item>
        </Form>
        <Upload.Dragger
          accept=".csv"
          multiple={false}
          maxCount={1}
          fileList={file ? [{ uid: 'csv', name: file.name, status: 'done' }] : []}
          beforeUpload={(f) => {
            if (!isCsvName(f.name)) {
              setProblem('You can only upload a CSV file');
              return Upload.LIST_IGNORE;
            }
            setProblem(null);
            setFile(f);
            return false;
          }}
          onRemove={() => { setFile(null); return true; }}
        >
          <p className="ant-upload-drag-icon"><InboxOutlined /></p>
          <p className="ant-upload-text">Click or drag the students CSV file here</p>
          <p className="ant-upload-hint">Only .csv files, in the columns of the CSV template.</p>
        </Upload.Dragger>
        {problem && <Alert type="error" showIcon message={problem} style={{ marginTop: 12 }} />}
        {busy && (
          <div style={{ marginTop: 12 }} data-testid="import-progress">
            <Progress percent={progressPercent(progress)} status="active" />
            <Typography.Text type="secondary">Adding students: {progressText(progress)}</Typography.Text>
          </div>
        )}
        <Alert
          type="info"
          style={{ marginTop: 12 }}
          message="Rules for the CSV file"
          description={<ul style={{ margin: 0, paddingLeft: 18 }}>{IMPORT_RULES.map((r) => <li key={r}>{r}</li>)}</ul>}
        />
      </Modal>
      <Modal
        open={result !== null}
        title="Import finished"
        onOk={onClose}
        onCancel={onClose}
        cancelButtonProps={{ style: { display: 'none' } }}
        okText="Close"
        width={640}
      >
        {result && (
          <Alert
            type={(result.errors?.length ?? 0) > 0 ? 'warning' : 'success'}
            showIcon
            data-testid="import-summary"
            message={importSummary(result)}
            style={{ marginBottom: (result.errors?.length ?? 0) > 0 ? 12 : 0 }}
          />
        )}
        {(result?.errors?.length ?? 0) > 0 && (
          <Table
            rowKey="key"
            size="small"
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            dataSource={(result?.errors ?? []).map((x, i) => ({ ...x, key: i }))}
            columns={[
              { key: 'fullname', dataIndex: 'fullname', title: 'Student Name' },
              { key: 'error', dataIndex: 'error', title: 'Not added because' },
            ]}
          />
        )}
      </Modal>
    </>
  );
}
