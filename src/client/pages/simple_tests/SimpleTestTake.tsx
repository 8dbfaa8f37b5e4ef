/**
 * /simple-test/test/ (spec 4 §4): taking a simple test on a phone. The attempt kept on the
 * phone is read back from the server, whose clock says how long is left (a resumed attempt,
 * here or on another device, keeps its start). The paper shows with the writing timer; when it
 * ends, or on Upload Solutions, a red 10-minute countdown runs while photos of the answers are
 * added; at zero the solution is sent by itself (asking first when no photo is attached).
 * After 'Solution Submitted' the kept attempt is forgotten and the finished screen shows.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, App, Button, Card, Input, Result, Space, Typography } from 'antd';
import type { PageProps } from '../registry.js';
import { useDeclaredCall, useDeclaredQuery, type CallInput } from '../../framework/useDeclaredCall.js';
import HomeworkFileList from '../homework/HomeworkFileList.js';
import HomeworkUploads, { storedOf, type PickedFile } from '../homework/HomeworkUploads.js';
import type { HomeworkFile } from '../homework/homeworkModel.js';
import { clearAttempt, clockText, KINDS, savedAttempt, type SavedAttempt } from './simpleTestModel.js';

/** The upload window the screen counts down (spec 4 §4, §9); the server keeps the same and a little grace. */
const UPLOAD_WINDOW_MS = 600_000;
type Body = CallInput<'simple-test-solutions.submit'>['body'];

export default function SimpleTestTake(_props: PageProps) {
  const [saved] = useState(savedAttempt);
  const [finished, setFinished] = useState(false);
  if (finished) {
    return <Result status="success" title="Solution Submitted" subTitle="Your answers have reached the teacher." extra={<Link to="/simple-test/"><Button type="primary">Back to tests</Button></Link>} />;
  }
  if (!saved) return <Result status="info" title="No test in progress" extra={<Link to="/simple-test/"><Button>Simple tests</Button></Link>} />;
  return <Taking saved={saved} onDone={() => { clearAttempt(); setFinished(true); }} />;
}

function Taking({ saved, onDone }: { saved: SavedAttempt; onDone: () => void }) {
  const { modal } = App.useApp();
  const { result, query } = useDeclaredQuery('simple-tests.details', { params: { test_id: saved.test_id, student_id: saved.student_id } }, { errorToast: false });
  const submit = useDeclaredCall('simple-test-solutions.submit');
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [remarks, setRemarks] = useState('');
  const [sending, setSending] = useState(false);
  // Deadlines on this device's clock, set from the seconds the server said were left.
  const [deadlines, setDeadlines] = useState<{ write: number; upload: number } | null>(null);
  const [uploadEnd, setUploadEnd] = useState<number | null>(null);
  const [now, setNow] = useState(Date.now());
  const autoSent = useRef(false);
  const attempt = result?.data?.attempts?.find((a) => a.id === saved.attempt_id);

  useEffect(() => {
    if (!attempt?.open || deadlines) return;
    const at = Date.now();
    const d = { write: at + attempt.remaining_seconds * 1000, upload: at + attempt.upload_seconds * 1000 };
    setDeadlines(d);
    setNow(at);
    if (attempt.remaining_seconds <= 0) setUploadEnd(d.upload);
  }, [attempt, deadlines]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  // An attempt the server no longer takes (submitted, or its time over) is forgotten on the phone.
  const closed = !query.isFetching && !!result?.data?.attempts && !attempt?.open;
  useEffect(() => { if (closed) clearAttempt(); }, [closed]);

  // The writing time is over: the upload phase begins.
  useEffect(() => {
    if (deadlines && uploadEnd === null && now >= deadlines.write) setUploadEnd(deadlines.upload);
  }, [now, deadlines, uploadEnd]);

  const send = useCallback(async () => {
    setSending(true);
    try {
      await submit({ body: { test_attempt_id: saved.attempt_id, student_id: saved.student_id, student_remarks: remarks.trim() || null, student_files: storedOf(files) as Body['student_files'] } });
      onDone();
    } catch {
      // The server's words are shown as a toast; the photos stay to try again.
    } finally {
      setSending(false);
    }
  }, [submit, saved, remarks, files, onDone]);

  const confirmSend = useCallback(() => {
    if (storedOf(files).length) { void send(); return; }
    modal.confirm({ title: 'No files attached', content: 'Submit without any photo of your answers?', okText: 'Submit', cancelText: 'Add photos', onOk: send });
  }, [files, send, modal]);

  // At zero the solution is sent by itself, once.
  useEffect(() => {
    if (uploadEnd !== null && now >= uploadEnd && !autoSent.current && !files.some((f) => f.status === 'uploading')) {
      autoSent.current = true;
      confirmSend();
    }
  }, [now, uploadEnd, files, confirmSend]);

  // A cached answer from before Start does not know the attempt yet: wait for the fresh one.
  const settled = !query.isFetching || attempt?.open;
  if (query.isLoading || !settled) return <Card loading />;
  if (query.isError || !result?.data) return <Alert type="error" showIcon message="Test not found" action={<Link to="/simple-test/">All tests</Link>} />;
  const test = result.data;
  if (!attempt || !attempt.open) {
    return attempt && attempt.status > 0
      ? <Result status="success" title="Solution Submitted" extra={<Link to={`/simple-test/${test.id}?student=${saved.student_id}`}><Button>See the attempt</Button></Link>} />
      : <Result status="warning" title="The time to submit this test is over" extra={<Link to="/simple-test/"><Button>Simple tests</Button></Link>} />;
  }

  const uploading = uploadEnd !== null;
  const left = Math.max(0, Math.ceil(((uploading ? uploadEnd : deadlines?.write ?? now) - now) / 1000));
  const startUpload = () => setUploadEnd(Math.min(deadlines?.upload ?? now + UPLOAD_WINDOW_MS, now + UPLOAD_WINDOW_MS));

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" style={{ position: 'sticky', top: 0, zIndex: 2, borderColor: uploading ? '#ff4d4f' : undefined }}>
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>{test.test_name}</Typography.Text>
          <span role="timer" aria-live="off" data-testid="simple-test-timer"
            style={{ fontSize: 22, fontVariantNumeric: 'tabular-nums', fontWeight: 600, color: uploading ? '#ff4d4f' : undefined }}>
            {uploading ? 'Upload ' : ''}{clockText(left)}
          </span>
        </Space>
      </Card>
      {!uploading ? (
        <>
          <Card size="small" title="Question Paper">
            {test.description && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{test.description}</Typography.Paragraph>}
            <HomeworkFileList files={test.files as HomeworkFile[]} />
          </Card>
          <Button type="primary" size="large" block onClick={startUpload}>Upload Solutions</Button>
        </>
      ) : (
        <Card size="small" title="Upload Solutions">
          <Space direction="vertical" style={{ width: '100%' }}>
            <Alert type="error" showIcon message={`Upload photos of your answers within ${clockText(left)}. At zero they are sent by themselves.`} />
            <HomeworkUploads kind={KINDS.solution} files={files} setFiles={setFiles} label="Add Photos" max={20} />
            <label htmlFor="simple-test-remarks">Remarks</label>
            <Input.TextArea id="simple-test-remarks" rows={2} maxLength={2000} value={remarks} onChange={(e) => setRemarks(e.target.value)} />
            <Button type="primary" size="large" block loading={sending} disabled={files.some((f) => f.status === 'uploading')} onClick={confirmSend}>Submit</Button>
          </Space>
        </Card>
      )}
    </Space>
  );
}
