/**
 * The student's room on a phone (spec 4 §2.2, §4, §9): the chosen child joins from five
 * minutes before the start, and the teacher's stream plays once the class starts. START sets
 * started, RESTART rejoins, END stops the stream, CANCEL says the class was called off. While
 * the teacher looks at Show Students, the phone sends a small camera snapshot every 2 s. Ask a
 * question; watch the recording once it is open to students.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, App, Button, Card, Form, Input, Space, Tag, Typography } from 'antd';
import { formatDateTime } from '../../framework/format.js';
import { StatusTag } from '../../framework/StatusTag.js';
import { useDeclaredCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { declaredCall } from '../../../shared/calls.js';
import { liveConnection } from '../../live/useLive.js';
import { Peers, type SignalData } from '../../live/peers.js';
import { mediaError } from '../../live/video.js';
import { VC_CLASS_STATUS, VC_CLASS_STATUS_OPTIONS } from '../../../generated/enums/virtual_classroom.js';
import type { ResourceDef } from '../../../shared/resource.js';
import { roomMessage, type ClassDetails, type VcEvent } from './roomTypes.js';

const SNAPSHOT_MS = 2000;

export default function StudentRoom({ details, studentId }: { details: ClassDetails; studentId: number | undefined; resource: ResourceDef; onChanged: () => void }) {
  const { message } = App.useApp();
  const [status, setStatus] = useState<number>(details.status ?? VC_CLASS_STATUS.NOT_STARTED);
  const [problem, setProblem] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [asked, setAsked] = useState(0);
  const video = useRef<HTMLVideoElement>(null);
  const camera = useRef<{ stream: MediaStream; timer: ReturnType<typeof setInterval> } | null>(null);
  const live = liveConnection();
  const ask = useDeclaredCall('vc-questions.ask');
  const [form] = Form.useForm();
  const id = details.id;
  const child = details.children.find((c) => c.id === studentId);
  const streaming = status === VC_CLASS_STATUS.STREAMING_AVAILABLE;
  const recording = useDeclaredQuery('virtual-classes.familyVideo', { params: { class_id: id, student_id: studentId ?? 0 } }, { enabled: streaming && !!studentId, errorToast: false });

  const send = useCallback((payload: Record<string, unknown>) => live!.send<any>('vc_room', { vc_class: id, ...payload }), [live, id]);

  const stopCamera = () => {
    if (!camera.current) return;
    clearInterval(camera.current.timer);
    camera.current.stream.getTracks().forEach((t) => t.stop());
    camera.current = null;
  };
  const startCamera = useCallback(async () => {
    if (camera.current) return;
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 320 }, height: { ideal: 240 } }, audio: false });
      const el = document.createElement('video');
      el.muted = true; el.playsInline = true; el.srcObject = stream;
      await el.play();
      const canvas = document.createElement('canvas');
      canvas.width = 320; canvas.height = 240;
      const timer = setInterval(() => {
        canvas.getContext('2d')?.drawImage(el, 0, 0, 320, 240);
        void send({ type: 'snapshot', data: { image: canvas.toDataURL('image/jpeg', 0.6) } });
      }, SNAPSHOT_MS);
      camera.current = { stream, timer };
    } catch (e) {
      message.warning(mediaError(e, 'family'));
    }
  }, [send, message]);

  useEffect(() => {
    if (!live || !studentId || (status !== VC_CLASS_STATUS.NOT_STARTED && status !== VC_CLASS_STATUS.LIVE)) return;
    const peers = new Peers({
      iceServers: details.setup.ice_servers as RTCIceServer[],
      send: (sid: string, data: SignalData) => void send({ type: 'signal', sid, data }),
      onStream: (_sid, stream) => {
        if (video.current) { video.current.srcObject = stream; void video.current.play().catch(() => {}); }
        setPlaying(true);
      },
      onGone: () => setPlaying(false),
    });
    const join = async () => {
      const res = await send({ type: 'join', student_id: studentId });
      if (!res.success) { setProblem(res.error ?? 'Not your class'); return; }
      setProblem(null);
      setStatus(res.data.status);
    };
    const off = live.on('vc_room', (e: VcEvent) => {
      if (e.vc_class !== id) return;
      if (e.type === 'signal' && e.sid) void peers.handle(e.sid, e.data);
      else if (e.type === 'session') {
        if (e.status === 'START') setStatus(VC_CLASS_STATUS.LIVE);
        if (e.status === 'RESTART') { peers.closeAll(); setPlaying(false); }
        if (e.status === 'END') { peers.closeAll(); setPlaying(false); setStatus(VC_CLASS_STATUS.ENDED); stopCamera(); }
        if (e.status === 'CANCEL') { peers.closeAll(); setStatus(VC_CLASS_STATUS.CANCELLED); }
        if (e.status === 'STREAMING') setStatus(VC_CLASS_STATUS.STREAMING_AVAILABLE);
      } else if (e.type === 'teacher' && !e.sid) { peers.closeAll(); setPlaying(false); }
      else if (e.type === 'camera') { if (e.on) void startCamera(); else stopCamera(); }
    });
    const offResume = live.onResume(() => void join());
    void join();
    return () => { off(); offResume(); void send({ type: 'leave' }); peers.closeAll(); stopCamera(); };
    // The room is joined once per child and class; status changes inside it do not rejoin.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live, id, studentId]);

  if (!studentId || !child) return <Alert type="warning" showIcon message="Select Student" description={<Link to="/virtual-classroom/">Back to the classes</Link>} />;
  if (!child.access) return <Alert type="warning" showIcon message="This student is not on the virtual classroom's access list." />;
  const askRules = (field: string) => payloadRules(declaredCall('vc-questions.ask').def.payload!, field);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" title={<span style={{ overflowWrap: 'anywhere' }}>{details.name}</span>} extra={<StatusTag options={VC_CLASS_STATUS_OPTIONS} value={status} />}>
        <Space size={[8, 4]} wrap>
          {details.subject && <Tag>{details.subject}</Tag>}
          <Typography.Text type="secondary">{formatDateTime(details.start_time)} · {details.teacher}</Typography.Text>
        </Space>
        <Typography.Paragraph style={{ margin: '6px 0 0' }}>{child.fullname}</Typography.Paragraph>
      </Card>
      {problem && <Alert type="error" showIcon message={problem} />}
      {(status === VC_CLASS_STATUS.NOT_STARTED || status === VC_CLASS_STATUS.LIVE) && (
        <Card size="small" styles={{ body: { padding: 0 } }}>
          <video ref={video} autoPlay playsInline controls={playing} data-testid="class-video" style={{ width: '100%', aspectRatio: '16 / 9', background: '#000', display: 'block', borderRadius: 8 }} />
          {!playing && <Typography.Paragraph type="secondary" style={{ padding: 8, margin: 0 }}>{status === VC_CLASS_STATUS.LIVE ? 'Class started: connecting to the teacher…' : roomMessage(status)}</Typography.Paragraph>}
        </Card>
      )}
      {status !== VC_CLASS_STATUS.NOT_STARTED && status !== VC_CLASS_STATUS.LIVE && !streaming && <Alert type="info" showIcon message={roomMessage(status)} />}
      {streaming && (
        recording.result?.data?.url
          ? <video src={recording.result.data.url} controls playsInline data-testid="class-recording" style={{ width: '100%', background: '#000', borderRadius: 8 }} />
          : <Alert type="info" showIcon message={recording.query.isError ? 'Network Error' : 'Streaming available'} />
      )}
      <Card size="small" title="Ask a question" extra={<Link to={`/virtual-classroom/${id}/questions/?student=${studentId}`}>Questions</Link>}>
        <Form form={form} layout="vertical" key={asked} onFinish={async (v: { question: string; description?: string }) => {
          await ask({ params: { id }, body: { question: v.question, description: v.description || null, vc_class_id: id, student_id: studentId } });
          setAsked((n) => n + 1);
        }}>
          <Form.Item name="question" label="Question" rules={askRules('question')}><Input maxLength={1000} /></Form.Item>
          <Form.Item name="description" label="Description"><Input.TextArea rows={2} maxLength={4000} /></Form.Item>
          <Button type="primary" htmlType="submit" block>Ask</Button>
        </Form>
      </Card>
    </Space>
  );
}
