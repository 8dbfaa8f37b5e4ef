/**
 * The teacher's white board: a canvas drawn on with a finger, pen or mouse. Chosen as the video
 * source, its picture is what the students see (canvas.captureStream).
 */
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Button, Space } from 'antd';

export interface WhiteboardHandle { stream(): MediaStream }

const COLOURS = ['#111111', '#d4380d', '#1677ff', '#389e0d'];

export const Whiteboard = forwardRef<WhiteboardHandle>(function Whiteboard(_props, ref) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [colour, setColour] = useState(COLOURS[0]!);
  const drawing = useRef<{ x: number; y: number } | null>(null);

  const clear = () => {
    const c = canvas.current;
    const g = c?.getContext('2d');
    if (!c || !g) return;
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, c.width, c.height);
  };
  useEffect(clear, []);
  // A canvas only sends a frame when drawn on: a faint repaint keeps a still board streaming.
  useEffect(() => {
    const timer = setInterval(() => {
      const g = canvas.current?.getContext('2d');
      if (g) { g.fillStyle = 'rgba(255,255,255,0.002)'; g.fillRect(0, 0, 1, 1); }
    }, 500);
    return () => clearInterval(timer);
  }, []);
  useImperativeHandle(ref, () => ({ stream: () => canvas.current!.captureStream(15) }), []);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - r.left) / r.width) * e.currentTarget.width, y: ((e.clientY - r.top) / r.height) * e.currentTarget.height };
  };
  return (
    <div>
      <Space wrap style={{ marginBottom: 8 }}>
        {COLOURS.map((c) => (
          <Button key={c} size="small" aria-label={`Pen ${c}`} type={c === colour ? 'primary' : 'default'} onClick={() => setColour(c)}>
            <span style={{ display: 'inline-block', width: 14, height: 14, background: c, borderRadius: 7 }} />
          </Button>
        ))}
        <Button size="small" onClick={clear}>Clear</Button>
      </Space>
      <canvas
        ref={canvas} width={1280} height={720} aria-label="White Board"
        style={{ width: '100%', border: '1px solid #d9d9d9', touchAction: 'none', background: '#fff', borderRadius: 4 }}
        onPointerDown={(e) => { drawing.current = point(e); e.currentTarget.setPointerCapture(e.pointerId); }}
        onPointerUp={() => { drawing.current = null; }}
        onPointerMove={(e) => {
          const from = drawing.current;
          const g = e.currentTarget.getContext('2d');
          if (!from || !g) return;
          const to = point(e);
          g.strokeStyle = colour; g.lineWidth = 4; g.lineCap = 'round';
          g.beginPath(); g.moveTo(from.x, from.y); g.lineTo(to.x, to.y); g.stroke();
          drawing.current = to;
        }}
      />
    </div>
  );
});
