/**
 * /meeting/room/{id} (spec 3 Meetings): the full-screen conference. Built in, every browser
 * sends its camera and microphone to each other's (a full mesh, six at most), with the socket
 * carrying the signalling; on Jitsi, the school's Jitsi room. Leaving returns to /meeting/.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, App, Button, Space, Typography } from 'antd';
import { useSession } from '../../app/SessionContext.js';
import { readState } from '../../framework/readState.js';
import { useDeclaredCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { liveConnection } from '../../live/useLive.js';
import { Peers, type SignalData } from '../../live/peers.js';
import { mediaError, openJitsi } from '../../live/video.js';
import { MEETING_STATUS } from '../../../generated/enums/meetings.js';

interface Tile { sid: string; name: string; stream: MediaStream | null }

function VideoTile({ stream, name, muted }: { stream: MediaStream | null; name: string; muted?: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => { if (ref.current) ref.current.srcObject = stream; }, [stream]);
  return (
    <div style={{ position: 'relative', background: '#111', borderRadius: 8, overflow: 'hidden', aspectRatio: '4 / 3' }}>
      <video ref={ref} autoPlay playsInline muted={muted} data-testid="meeting-video" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      <span style={{ position: 'absolute', left: 8, bottom: 6, color: '#fff', textShadow: '0 0 3px #000' }}>{name}</span>
    </div>
  );
}

export default function MeetingRoom() {
  const { id } = useParams();
  const meetingId = Number(id);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { user } = useSession();
  const { result, query } = useDeclaredQuery('meetings.one', { params: { id: meetingId } });
  const status = useDeclaredCall('meetings.status');
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [tiles, setTiles] = useState<Tile[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [muted, setMuted] = useState(false);
  const jitsiBox = useRef<HTMLDivElement>(null);
  const live = liveConnection();
  const meeting = result?.data;
  const open = meeting?.status === MEETING_STATUS.ONGOING;
  const builtIn = meeting?.setup?.provider === 'webrtc';

  useEffect(() => { local?.getAudioTracks().forEach((t) => { t.enabled = !muted; }); }, [local, muted]);

  useEffect(() => {
    if (!open || !builtIn || !live || !meeting) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    // This browser's own socket: the room's pushes about it (its own join) are not another person.
    let mine = '';
    const send = (payload: Record<string, unknown>) => live.send<any>('meeting_room', { meeting: meetingId, ...payload });
    const upsert = (sid: string, patch: Partial<Tile>) => setTiles((ts) => (ts.some((t) => t.sid === sid)
      ? ts.map((t) => (t.sid === sid ? { ...t, ...patch } : t)) : [...ts, { sid, name: patch.name ?? '', stream: patch.stream ?? null }]));
    const peers = new Peers({
      iceServers: meeting.setup.ice_servers as RTCIceServer[],
      send: (sid: string, data: SignalData) => void send({ type: 'signal', sid, data }),
      onStream: (sid, s) => upsert(sid, { stream: s }),
      onGone: (sid) => setTiles((ts) => ts.filter((t) => t.sid !== sid)),
    });
    const off = live.on('meeting_room', (e: { type: string; meeting: number; sid?: string; name?: string; data?: SignalData }) => {
      if (e.meeting !== meetingId || (e.sid && e.sid === mine)) return;
      if (e.type === 'join' && e.sid) upsert(e.sid, { name: e.name ?? '' });
      else if (e.type === 'signal' && e.sid && e.data) { upsert(e.sid, { name: e.name ?? '' }); void peers.handle(e.sid, e.data); }
      else if (e.type === 'leave' && e.sid) { peers.close(e.sid); setTiles((ts) => ts.filter((t) => t.sid !== e.sid)); }
      else if (e.type === 'ended') { message.info('Meeting Ended'); navigate('/meeting/'); }
    });
    const join = async () => {
      const res = await send({ type: 'join' });
      if (!res.success) { setProblem(res.error ?? 'Could not join'); return; }
      setProblem(null);
      mine = res.data.sid;
      setTiles((ts) => ts.filter((t) => t.sid !== mine));
      // The newcomer calls everyone already in.
      for (const p of res.data.peers as Array<{ sid: string; name: string }>) { upsert(p.sid, { name: p.name }); await peers.call(p.sid); }
    };
    const offResume = live.onResume(() => { peers.closeAll(); setTiles([]); void join(); });
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 640 }, height: { ideal: 480 } }, audio: true });
      } catch (e) {
        message.warning(mediaError(e, 'family'));
      }
      if (stopped) { stream?.getTracks().forEach((t) => t.stop()); return; }
      setLocal(stream);
      peers.setLocal(stream);
      await join();
    })();
    return () => {
      stopped = true;
      off(); offResume();
      void send({ type: 'leave' });
      peers.closeAll();
      stream?.getTracks().forEach((t) => t.stop());
    };
    // The room is entered once per meeting; the answer's later refetches do not re-enter it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, builtIn, live, meetingId]);

  useEffect(() => {
    if (!open || !meeting?.setup || meeting.setup.provider !== 'jitsi' || !jitsiBox.current) return;
    let api: { dispose(): void } | null = null;
    openJitsi(meeting.setup, jitsiBox.current, { name: user.name }, () => navigate('/meeting/')).then((a) => { api = a; }).catch((e: Error) => setProblem(e.message));
    return () => api?.dispose();
  }, [open, meeting, user.name, navigate]);

  const pending = readState(query, 'Could not load the meeting.', !!meeting?.setup);
  if (pending) return pending;
  if (!open) return <Alert type="info" showIcon message={meeting!.status === MEETING_STATUS.UPCOMING ? 'The meeting has not started' : 'This meeting is over'} action={<Button onClick={() => navigate('/meeting/')}>Meetings</Button>} />;
  return (
    <div style={{ position: 'fixed', inset: 0, zIndex: 1000, background: '#000', display: 'flex', flexDirection: 'column' }} data-testid="meeting-room">
      <Space style={{ padding: 8, justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Text style={{ color: '#fff' }} strong>{meeting!.title}</Typography.Text>
        <Space wrap>
          {builtIn && <Button onClick={() => setMuted((m) => !m)}>{muted ? 'Unmute' : 'Mute'}</Button>}
          {meeting!.can_manage && <Button danger onClick={async () => { await status({ params: { id: meetingId, status: '2' }, body: undefined }); navigate('/meeting/'); }}>End Meeting</Button>}
          <Button type="primary" danger onClick={() => navigate('/meeting/')}>Leave</Button>
        </Space>
      </Space>
      {problem && <Alert type="error" showIcon message={problem} />}
      {builtIn ? (
        <div style={{ flex: 1, overflow: 'auto', padding: 8, display: 'grid', gap: 8, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))', alignContent: 'start' }}>
          <VideoTile stream={local} name={`${user.name} (you)`} muted />
          {tiles.map((t) => <VideoTile key={t.sid} stream={t.stream} name={t.name} />)}
        </div>
      ) : <div ref={jitsiBox} style={{ flex: 1 }} />}
    </div>
  );
}
