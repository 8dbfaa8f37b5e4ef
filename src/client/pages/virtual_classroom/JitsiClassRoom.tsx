/**
 * A class in an embedded Jitsi room (spec 4 §2.2 `/virtual-classroom/{id}/jitsi`), for schools
 * whose configuration names a Jitsi server: the room opens from five minutes before the start;
 * leaving it hides it. 'Failed to load Meeting Scripts' when the server's script cannot load.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Card } from 'antd';
import { useSession } from '../../app/SessionContext.js';
import { openJitsi } from '../../live/video.js';
import { roomMessage, type ClassDetails } from './roomTypes.js';
import { VC_CLASS_STATUS } from '../../../generated/enums/virtual_classroom.js';

export default function JitsiClassRoom({ details }: { details: ClassDetails }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const box = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const open = details.is_teacher ? details.status === VC_CLASS_STATUS.NOT_STARTED || details.status === VC_CLASS_STATUS.LIVE : details.joinable;
  useEffect(() => {
    if (!open || details.setup.provider !== 'jitsi' || !box.current) return;
    let api: { dispose(): void } | null = null;
    openJitsi(details.setup, box.current, { name: user.name }, () => navigate('/virtual-classroom/'))
      .then((a) => { api = a; }).catch((e: Error) => setProblem(e.message));
    return () => api?.dispose();
  }, [open, details.setup, user.name, navigate]);
  if (!open) return <Alert type="info" showIcon message={roomMessage(details.status)} />;
  return (
    <Card title={details.name} size="small" styles={{ body: { padding: 0 } }}>
      {problem && <Alert type="error" showIcon message={problem} />}
      <div ref={box} style={{ height: 'calc(100vh - 180px)', minHeight: 360 }} />
    </Card>
  );
}
