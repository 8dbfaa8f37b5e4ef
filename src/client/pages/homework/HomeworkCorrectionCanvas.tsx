/**
 * Correcting an image solution by drawing on it (spec 3 §2, §9): the image on a canvas at its
 * own size, a red pen of width 5 following the mouse, finger or stylus, and Undo and Clear. The
 * drawn result is handed back as a new PNG; the student's image is never changed.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Space, Spin } from 'antd';
import { PEN } from './homeworkModel.js';

type Point = [number, number];

export default function HomeworkCorrectionCanvas({ src, busy, onSave, onCancel }: {
  src: string; busy?: boolean; onSave: (png: Blob) => void; onCancel: () => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [failed, setFailed] = useState(false);
  const [strokes, setStrokes] = useState<Point[][]>([]);
  const drawing = useRef<Point[] | null>(null);

  useEffect(() => {
    const img = new window.Image();
    img.onload = () => setImage(img);
    img.onerror = () => setFailed(true);
    img.src = src;
  }, [src]);

  // Redraws the image and every stroke (after Undo or Clear, and as a stroke grows).
  const paint = (all: Point[][]) => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx || !image) return;
    ctx.clearRect(0, 0, c.width, c.height);
    ctx.drawImage(image, 0, 0);
    ctx.strokeStyle = PEN.color;
    ctx.lineWidth = PEN.width;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    for (const line of all) {
      if (!line.length) continue;
      ctx.beginPath();
      ctx.moveTo(...line[0]!);
      for (const p of line.slice(1)) ctx.lineTo(...p);
      if (line.length === 1) ctx.lineTo(line[0]![0] + 0.1, line[0]![1]);
      ctx.stroke();
    }
  };

  useEffect(() => {
    const c = canvas.current;
    if (!c || !image) return;
    c.width = image.naturalWidth;
    c.height = image.naturalHeight;
    paint(strokes);
  }, [image]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => paint(strokes), [strokes]); // eslint-disable-line react-hooks/exhaustive-deps

  /** The pointer's place in the canvas's own pixels (it is shown scaled to fit). */
  const at = (e: React.PointerEvent<HTMLCanvasElement>): Point => {
    const r = e.currentTarget.getBoundingClientRect();
    return [((e.clientX - r.left) * e.currentTarget.width) / r.width, ((e.clientY - r.top) * e.currentTarget.height) / r.height];
  };

  if (failed) return <Alert type="error" showIcon message="The image could not be loaded." />;
  if (!image) return <Spin style={{ display: 'block', margin: 24 }} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <canvas
        ref={canvas}
        data-testid="correction-canvas"
        aria-label="Draw the correction on the image"
        // Shown at least 480 px wide (a small photo is scaled up to draw on), never wider than the dialog.
        style={{ width: '100%', maxWidth: Math.max(image.naturalWidth, 480), height: 'auto', touchAction: 'none', cursor: 'crosshair', border: '1px solid #d9d9d9' }}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          const line = [at(e)];
          drawing.current = line;
          setStrokes((s) => [...s, line]);
        }}
        onPointerMove={(e) => {
          if (!drawing.current) return;
          drawing.current.push(at(e));
          paint([...strokes.slice(0, -1), drawing.current]);
        }}
        onPointerUp={() => {
          // The updater runs later: it takes the finished line, not the ref (cleared by then).
          const line = drawing.current;
          drawing.current = null;
          if (line) setStrokes((s) => [...s.slice(0, -1), [...line]]);
        }}
      />
      <Space wrap>
        <Button onClick={() => setStrokes((s) => s.slice(0, -1))} disabled={!strokes.length || busy}>Undo</Button>
        <Button onClick={() => setStrokes([])} disabled={!strokes.length || busy}>Clear</Button>
        <Button onClick={onCancel} disabled={busy}>Cancel</Button>
        <Button
          type="primary" loading={busy} disabled={!strokes.length}
          onClick={() => canvas.current?.toBlob((b) => b && onSave(b), 'image/png')}
        >Attach Correction</Button>
      </Space>
    </Space>
  );
}
