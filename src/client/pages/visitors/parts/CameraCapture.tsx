/**
 * The gate's camera (spec 3 Visitors, §9): a live preview, and a capture drawn on a canvas as a
 * 320×240 JPEG data URL, which the add call carries. Without a camera (no getUserMedia, none
 * attached, or permission refused) it says 'Camera not supported!' and the visitor is added
 * without a photo.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Space } from 'antd';
import { CameraOutlined } from '@ant-design/icons';

export const PHOTO_WIDTH = 320;
export const PHOTO_HEIGHT = 240;
const JPEG_QUALITY = 0.85;
export const CAMERA_UNSUPPORTED = 'Camera not supported!';

type State = 'starting' | 'live' | 'unsupported';

export function CameraCapture({ value, onChange, disabled }: { value: string | null; onChange: (photo: string | null) => void; disabled?: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [state, setState] = useState<State>('starting');

  const stop = useCallback(() => {
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
  }, []);

  const start = useCallback(async () => {
    setState('starting');
    // Said once, on the form beside the photo: a toast repeating it would follow the guard to
    // the next screens.
    const unsupported = () => setState('unsupported');
    if (!navigator.mediaDevices?.getUserMedia) return unsupported();
    try {
      stop();
      const s = await navigator.mediaDevices.getUserMedia({ video: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT }, audio: false });
      stream.current = s;
      if (!video.current) return stop();
      video.current.srcObject = s;
      await video.current.play();
      setState('live');
    } catch {
      stop();
      unsupported();
    }
  }, [stop]);

  useEffect(() => {
    void start();
    return stop;
  }, [start, stop]);

  const capture = () => {
    const v = video.current;
    if (!v) return;
    const canvas = document.createElement('canvas');
    canvas.width = PHOTO_WIDTH;
    canvas.height = PHOTO_HEIGHT;
    canvas.getContext('2d')?.drawImage(v, 0, 0, PHOTO_WIDTH, PHOTO_HEIGHT);
    onChange(canvas.toDataURL('image/jpeg', JPEG_QUALITY));
  };

  const box = { width: '100%', maxWidth: PHOTO_WIDTH, aspectRatio: `${PHOTO_WIDTH} / ${PHOTO_HEIGHT}`, background: '#1f1f1f', borderRadius: 6, display: 'block' } as const;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {state === 'unsupported' && <Alert type="warning" showIcon message={CAMERA_UNSUPPORTED} description="The visitor can be added without a photo." />}
      {value && <img src={value} alt="Captured photo of the visitor" width={PHOTO_WIDTH} height={PHOTO_HEIGHT} style={{ ...box, objectFit: 'cover' }} />}
      <video ref={video} aria-label="Camera preview" muted playsInline
        style={{ ...box, objectFit: 'cover', display: value || state !== 'live' ? 'none' : 'block' }} />
      <Space wrap>
        {value ? (
          <Button icon={<CameraOutlined />} disabled={disabled} onClick={() => { onChange(null); if (!stream.current) void start(); }}>Retake</Button>
        ) : state === 'live' ? (
          <Button type="primary" icon={<CameraOutlined />} disabled={disabled} onClick={capture}>Capture</Button>
        ) : state === 'unsupported' ? (
          <Button icon={<CameraOutlined />} disabled={disabled} onClick={() => void start()}>Try the camera again</Button>
        ) : null}
      </Space>
    </Space>
  );
}
