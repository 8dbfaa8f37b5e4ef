/**
 * The class's recording (spec 4 §2.2, §4, §5): MediaRecorder on the stream the students see,
 * with start, pause, resume and stop; then download, and upload once the class has ended
 * ('File size too big, sure to continue?' above 500 MB, 'Are you sure? Old video will be
 * removed?' when replacing, a progress bar, 'Video Uploaded'). A video file from the computer
 * can be uploaded the same way. Admins allow students to stream it at status 2.
 */
import { useEffect, useRef, useState } from 'react';
import { App, Button, Card, Progress, Space, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { errorText } from '../../api.js';
import { useDeclaredCall } from '../../framework/useDeclaredCall.js';
import { VC_CLASS_STATUS } from '../../../generated/enums/virtual_classroom.js';
import { BIG_RECORDING, type ClassDetails } from './roomTypes.js';
import { uploadVideo } from './videoUpload.js';

type RecState = 'idle' | 'recording' | 'paused' | 'stopped';
const TYPES = ['mp4', 'webm', 'mkv', 'avi'];

export function Recorder({ details, stream, canUpload, canApprove, onChanged }: {
  details: ClassDetails; stream: MediaStream | null; canUpload: boolean; canApprove: boolean; onChanged: () => void;
}) {
  const { message, modal } = App.useApp();
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const [state, setState] = useState<RecState>('idle');
  const [blob, setBlob] = useState<Blob | null>(null);
  const [href, setHref] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const ask = useDeclaredCall('virtual-classes.uploadUrl', { toast: false });
  const attach = useDeclaredCall('virtual-classes.videoAction');
  const ended = details.status === VC_CLASS_STATUS.ENDED || details.status === VC_CLASS_STATUS.STREAMING_AVAILABLE;

  useEffect(() => () => { if (href) URL.revokeObjectURL(href); }, [href]);
  // Ending the class stops the recording (spec 4 §4).
  useEffect(() => { if (details.status !== VC_CLASS_STATUS.LIVE && recorder.current?.state === 'recording') recorder.current.stop(); }, [details.status]);

  const start = () => {
    if (!stream) { message.error('Select Video Source'); return; }
    const type = ['video/webm;codecs=vp8,opus', 'video/webm'].find((t) => MediaRecorder.isTypeSupported(t)) ?? '';
    const r = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
    chunks.current = [];
    r.ondataavailable = (e) => { if (e.data.size) chunks.current.push(e.data); };
    r.onstop = () => {
      const b = new Blob(chunks.current, { type: 'video/webm' });
      setBlob(b);
      setHref(URL.createObjectURL(b));
      setState('stopped');
    };
    r.start(1000);
    recorder.current = r;
    setState('recording');
  };

  const confirm = (content: string) => new Promise<boolean>((resolve) => {
    modal.confirm({ title: content, onOk: () => resolve(true), onCancel: () => resolve(false) });
  });

  async function upload(file: Blob, name: string) {
    if (file.size > BIG_RECORDING && !(await confirm('File size too big, sure to continue?'))) { message.info('File upload cancelled'); return; }
    if (details.video && !(await confirm('Are you sure? Old video will be removed?'))) { message.info('File upload cancelled'); return; }
    const content_type = file.type || 'video/webm';
    try {
      setPercent(0);
      const ticket = await ask({ body: { name, content_type, size: file.size, vc_class_id: details.id } });
      await uploadVideo(ticket.url, file, setPercent);
      await attach({ params: { id: details.id }, body: { type: 'upload', data: { upload_id: ticket.id, name, content_type, size: file.size } } });
      onChanged();
    } catch (e) {
      message.error(errorText(e) === 'Something went wrong' ? 'Upload Failed !' : errorText(e));
    } finally {
      setPercent(null);
    }
  }

  return (
    <Card size="small" title="Recording">
      <Space wrap>
        {state === 'idle' || state === 'stopped'
          ? <Button onClick={start} disabled={details.status !== VC_CLASS_STATUS.LIVE}>Start Recording</Button>
          : <>
            {state === 'recording'
              ? <Button onClick={() => { recorder.current?.pause(); setState('paused'); }}>Pause</Button>
              : <Button onClick={() => { recorder.current?.resume(); setState('recording'); }}>Resume</Button>}
            <Button danger onClick={() => recorder.current?.stop()}>Stop Recording</Button>
          </>}
        {state === 'recording' && <Typography.Text type="danger">● Recording</Typography.Text>}
        {href && <a href={href} download={`${details.name.replace(/[^A-Za-z0-9]+/g, '-')}.webm`}><Button icon={<DownloadOutlined />}>Download</Button></a>}
        {canUpload && ended && blob && <Button type="primary" icon={<UploadOutlined />} disabled={percent !== null} onClick={() => void upload(blob, `${details.name.replace(/[^A-Za-z0-9]+/g, '-')}.webm`)}>Upload Recording</Button>}
        {canUpload && ended && (
          <Upload accept={TYPES.map((t) => `.${t}`).join(',')} maxCount={1} showUploadList={false}
            beforeUpload={(f) => { void upload(f, f.name); return false; }}>
            <Button icon={<UploadOutlined />} disabled={percent !== null}>Upload a video file</Button>
          </Upload>
        )}
        {canApprove && details.status === VC_CLASS_STATUS.ENDED && details.video && (
          <Button onClick={async () => { await attach({ params: { id: details.id }, body: { type: 'approve' } }); onChanged(); }}>Allow Streaming</Button>
        )}
      </Space>
      {percent !== null && <Progress percent={percent} status="active" style={{ marginTop: 8 }} />}
      {details.video && <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>Uploaded: {details.video.name} ({Math.round(details.video.size / 1024 / 1024 * 10) / 10} MB)</Typography.Paragraph>}
      {details.video_url && <video src={details.video_url} controls style={{ width: '100%', marginTop: 8, maxHeight: 360, background: '#000' }} />}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
        Use Firefox 66+, Chrome 72+ or Edge 79+. Recording needs at least 2 GB of free memory and about 1 GB of storage an hour at 1080p; 720p keeps a class under 500 MB.
      </Typography.Paragraph>
    </Card>
  );
}
