/**
 * The teacher's room (spec 4 §2.2, §4): the class's details, the video source (Screen, Camera or
 * the White Board), Start (Continue while live) and End, muting, the online students with
 * present and absent, the Show Students overlay of their snapshots, the questions as they are
 * asked, and the recording. The stream goes from this browser to each student's; the server
 * carries only the signalling.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, App, Badge, Button, Card, Col, Descriptions, List, Modal, Radio, Row, Space, Switch, Tag, Typography } from 'antd';
import { hasRole } from '../../../shared/roles.js';
import { useSession } from '../../app/SessionContext.js';
import { formatDateTime } from '../../framework/format.js';
import { StatusTag } from '../../framework/StatusTag.js';
import { usePageButton } from '../../framework/useAccess.js';
import { liveConnection } from '../../live/useLive.js';
import { Peers, type SignalData } from '../../live/peers.js';
import { mediaError } from '../../live/video.js';
import { VC_CLASS_STATUS, VC_CLASS_STATUS_OPTIONS } from '../../../generated/enums/virtual_classroom.js';
import type { ResourceDef } from '../../../shared/resource.js';
import { Recorder } from './Recorder.js';
import { PRESENCE, roomMessage, type ClassDetails, type VcEvent } from './roomTypes.js';
import { Whiteboard, type WhiteboardHandle } from './Whiteboard.js';

type Source = 'screen' | 'camera' | 'whiteboard';
interface Student { id: number; name: string; admission_no: string | null; sid: string | null; status: number }
interface Question { id: number; question: string; name: string }

async function capture(source: Source, board: WhiteboardHandle | null): Promise<MediaStream> {
  const mic = () => navigator.mediaDevices.getUserMedia({ audio: true });
  if (source === 'camera') return navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 1280 }, height: { ideal: 720 } }, audio: true });
  const picture = source === 'screen' ? await navigator.mediaDevices.getDisplayMedia({ video: true }) : board!.stream();
  const audio = await mic();
  return new MediaStream([...picture.getVideoTracks(), ...audio.getAudioTracks()]);
}

export default function TeacherRoom({ details, resource, onChanged }: { details: ClassDetails; resource: ResourceDef; onChanged: () => void }) {
  const { message } = App.useApp();
  const { user } = useSession();
  const canUpload = usePageButton(resource, 'room', 'upload');
  const teacher = details.is_teacher;
  const [status, setStatus] = useState<number>(details.status ?? VC_CLASS_STATUS.NOT_STARTED);
  const [source, setSource] = useState<Source | undefined>();
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [students, setStudents] = useState<Student[]>([]);
  const [questions, setQuestions] = useState<Question[]>([]);
  const [snapshots, setSnapshots] = useState<Record<string, string>>({});
  const [showStudents, setShowStudents] = useState(false);
  const [mutedLocal, setMutedLocal] = useState(false);
  const [mutedRemote, setMutedRemote] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useRef<HTMLVideoElement>(null);
  const board = useRef<WhiteboardHandle>(null);
  const peers = useRef<Peers | null>(null);
  const statusRef = useRef(status);
  statusRef.current = status;
  const streamRef = useRef(stream);
  streamRef.current = stream;
  const live = liveConnection();
  const id = details.id;

  const send = useCallback((payload: Record<string, unknown>) => live!.send<any>('vc_room', { vc_class: id, ...payload }), [live, id]);

  // Join the room, hear its events, and rejoin after a reconnect.
  useEffect(() => {
    if (!live) return;
    const p = new Peers({
      iceServers: details.setup.ice_servers as RTCIceServer[],
      send: (sid: string, data: SignalData) => void send({ type: 'signal', sid, data }),
    });
    peers.current = p;
    const join = async () => {
      const res = await send({ type: 'join' });
      if (!res.success) { setProblem(res.error === 'Invalid Teacher' ? 'Not your class' : res.error ?? 'Not your class'); return; }
      setProblem(null);
      setStatus(res.data.status);
      setStudents(res.data.students);
    };
    const off = live.on('vc_room', (e: VcEvent) => {
      if (e.vc_class !== id) return;
      if (e.type === 'join' && e.sid && statusRef.current === VC_CLASS_STATUS.LIVE && streamRef.current) void p.call(e.sid);
      else if (e.type === 'leave' && e.sid) p.close(e.sid);
      else if (e.type === 'students') setStudents(e.students);
      else if (e.type === 'signal' && e.sid) void p.handle(e.sid, e.data);
      else if (e.type === 'question') setQuestions((q) => [e.question, ...q]);
      else if (e.type === 'snapshot' && e.sid) setSnapshots((s) => ({ ...s, [e.sid!]: e.image }));
    });
    const offResume = live.onResume(() => void join());
    void join();
    return () => {
      off(); offResume();
      void send({ type: 'leave' });
      p.closeAll();
    };
  }, [live, id, send, details.setup.ice_servers]);

  useEffect(() => () => { streamRef.current?.getTracks().forEach((t) => t.stop()); }, []);
  useEffect(() => { if (preview.current) preview.current.srcObject = stream; }, [stream]);
  useEffect(() => { stream?.getAudioTracks().forEach((t) => { t.enabled = !mutedLocal; }); }, [stream, mutedLocal]);

  /** Offers the stream to everyone in the room (after Start, Continue or a new source). */
  const callEveryone = async (viewers: Array<{ sid: string }>) => {
    const p = peers.current!;
    p.closeAll();
    for (const v of viewers) await p.call(v.sid);
  };

  const choose = async (next: Source) => {
    setSource(next);
    try {
      const s = await capture(next, board.current);
      stream?.getTracks().forEach((t) => t.stop());
      setStream(s);
      peers.current?.setLocal(s);
      // A new source while live restarts the students' streams (spec 4 §4).
      if (status === VC_CLASS_STATUS.LIVE) {
        const res = await send({ type: 'session', status: 'RESTART' });
        if (res.success) await callEveryone(res.data.viewers);
      }
    } catch (e) {
      message.error(mediaError(e, 'teacher'));
    }
  };

  const start = async () => {
    if (!source || !stream) { message.error('Select Video Source'); return; }
    peers.current?.setLocal(stream);
    const res = await send({ type: 'session', status: 'START' });
    if (!res.success) { message.error(res.error === 'Invalid Teacher' ? 'Not your class' : res.error ?? 'Not your class'); return; }
    setStatus(res.data.class_status);
    await callEveryone(res.data.viewers);
    onChanged();
  };

  const end = async () => {
    const res = await send({ type: 'session', status: 'END' });
    if (!res.success) { message.error(res.error ?? 'Not your class'); return; }
    setStatus(res.data.class_status);
    peers.current?.closeAll();
    onChanged();
  };

  const toggleStudents = async (on: boolean) => {
    setShowStudents(on);
    if (teacher) await send({ type: 'camera', data: { on } });
  };

  const present = students.filter((s) => s.status === PRESENCE.PRESENT).length;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {problem && <Alert type="error" showIcon message={problem} />}
      <Card title={details.name} extra={<StatusTag options={VC_CLASS_STATUS_OPTIONS} value={status} />} size="small">
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={[
          { key: 'c', label: 'Class', children: `${details.class ?? ''} ${details.section ?? ''}` },
          { key: 's', label: 'Subject', children: details.subject ?? '-' },
          { key: 't', label: 'Teachers', children: [details.teacher, details.co_teacher].filter(Boolean).join(', ') || '-' },
          { key: 'st', label: 'Scheduled', children: `${formatDateTime(details.start_time)} – ${formatDateTime(details.end_time)}` },
          { key: 'a', label: 'Started / Ended', children: `${details.actual_start_time ? formatDateTime(details.actual_start_time) : '-'} / ${details.actual_end_time ? formatDateTime(details.actual_end_time) : '-'}` },
          { key: 'n', label: 'Active Students', children: present },
          { key: 'ts', label: 'Created', children: details.timestamp ? formatDateTime(details.timestamp) : '-' },
          { key: 'd', label: 'Description', children: details.description ?? '-' },
          { key: 'm', label: 'Status', children: roomMessage(status) },
        ]} />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card size="small" title="Video">
            {teacher && (
              <Space wrap style={{ marginBottom: 8 }}>
                <Radio.Group value={source} onChange={(e) => void choose(e.target.value as Source)} optionType="button" buttonStyle="solid"
                  options={[{ value: 'screen', label: 'Screen' }, { value: 'camera', label: 'Camera' }, { value: 'whiteboard', label: 'White Board' }]} />
                {(status === VC_CLASS_STATUS.NOT_STARTED || status === VC_CLASS_STATUS.LIVE) && (
                  <Button type="primary" onClick={() => void start()}>{status === VC_CLASS_STATUS.LIVE ? 'Continue' : 'Start'}</Button>
                )}
                {status === VC_CLASS_STATUS.LIVE && <Button danger onClick={() => void end()}>End Class</Button>}
                <Space size={4}><Switch size="small" checked={mutedLocal} onChange={setMutedLocal} aria-label="Mute my microphone" />Mute mic</Space>
                <Space size={4}><Switch size="small" checked={mutedRemote} onChange={setMutedRemote} aria-label="Mute students" />Mute students</Space>
                <Button onClick={() => void toggleStudents(!showStudents)}>Show Students</Button>
              </Space>
            )}
            <video ref={preview} autoPlay playsInline muted data-testid="teacher-preview" style={{ width: '100%', background: '#000', aspectRatio: '16 / 9', borderRadius: 4 }} />
            <div style={{ display: source === 'whiteboard' ? 'block' : 'none', marginTop: 8 }}><Whiteboard ref={board} /></div>
            {source !== 'whiteboard' && teacher && (
              <details style={{ marginTop: 8 }}><summary>White Board</summary><Whiteboard ref={board} /></details>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card size="small" title={<span>Online Students <Badge count={present} showZero color="green" /></span>}>
            <List size="small" dataSource={students} locale={{ emptyText: <Typography.Text type="secondary">{'No students on the access list'}</Typography.Text> }}
              renderItem={(s) => (
                <List.Item key={s.id}>
                  <Typography.Text type={s.status === PRESENCE.PRESENT ? undefined : 'secondary'} delete={s.status === PRESENCE.ABSENT}>{s.name}</Typography.Text>
                  {s.status === PRESENCE.PRESENT ? <Tag color="green">Present</Tag> : s.status === PRESENCE.ABSENT ? <Tag color="red">Absent</Tag> : <Tag>Not joined</Tag>}
                </List.Item>
              )} />
          </Card>
          <Card size="small" title="Questions" style={{ marginTop: 16 }} extra={<Link to={`/virtual-classroom/${id}/questions/`}>All</Link>}>
            <List size="small" dataSource={questions} locale={{ emptyText: <Typography.Text type="secondary">{'No questions yet'}</Typography.Text> }}
              renderItem={(q) => (
                <List.Item key={q.id}><Link to={`/virtual-classroom/${id}/question/${q.id}`}>{q.question}</Link> <Typography.Text type="secondary">by {q.name}</Typography.Text></List.Item>
              )} />
          </Card>
        </Col>
      </Row>
      <Recorder details={{ ...details, status }} stream={stream} canUpload={canUpload && details.can_manage} canApprove={hasRole(user, 'admins')} onChanged={onChanged} />
      <Modal open={showStudents} title="Students" footer={null} onCancel={() => void toggleStudents(false)} width={900}>
        <Row gutter={[8, 8]}>
          {students.filter((s) => s.status === PRESENCE.PRESENT).map((s) => (
            <Col key={s.id} xs={12} sm={8} md={6}>
              <div style={{ aspectRatio: '4 / 3', background: '#222', borderRadius: 4, overflow: 'hidden' }}>
                {s.sid && snapshots[s.sid] && <img src={snapshots[s.sid]} alt={s.name} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />}
              </div>
              <Typography.Text ellipsis>{s.name}</Typography.Text>
            </Col>
          ))}
        </Row>
      </Modal>
    </Space>
  );
}
