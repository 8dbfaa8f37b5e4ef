/**
 * Attachments picked on a form: each chosen file is checked by its upload kind's rule (the
 * server's own) and sent to POST /upload/ at once; the value is the stored files ({ path, name,
 * size, … }), which the server checks again on save. Several files; removing one drops it.
 * `onSending` tells the form how many are still on their way (its Save waits for them).
 */
import { useRef, useState } from 'react';
import { App, Button, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { ApiError } from '../api.js';
import { uploadFile, uploadRule } from './upload.js';

export interface StoredAttachment { path: string; name?: string; size?: number; url?: string; type?: string; uid?: string }

const uploaded = (name: string) => `${name} file uploaded successfully`;
const failed = (name: string) => `${name} file upload failed.`;

export function AttachmentsInput({ id, kind, value, onChange, disabled, onSending, label = 'Upload Files', single = false }: {
  id?: string; kind: string; value: StoredAttachment[] | undefined; onChange: (files: StoredAttachment[]) => void;
  disabled?: boolean; onSending?: (count: number) => void; label?: string;
  /** One file only (a photo): a new one replaces the one held. */
  single?: boolean;
}) {
  const { notification } = App.useApp();
  const rule = uploadRule(kind);
  const files = value ?? [];
  // Several files chosen at once finish one after another: each adds to the latest value.
  const filesRef = useRef(files);
  filesRef.current = files;
  // Files on their way up: shown, not yet in the value.
  const [sending, setSending] = useState<UploadFile[]>([]);
  const track = (next: (s: UploadFile[]) => UploadFile[]) => setSending((s) => {
    const n = next(s);
    onSending?.(n.length);
    return n;
  });
  const attach = async (file: File) => {
    const uid = `${Date.now()}-${Math.random()}`;
    track((s) => [...s, { uid, name: file.name, status: 'uploading' }]);
    try {
      const stored = await uploadFile(file, kind);
      const kept = { path: stored.path, name: stored.name, size: stored.size };
      onChange(single ? [kept] : [...filesRef.current, kept]);
      notification.success({ message: uploaded(file.name) });
    } catch (e) {
      notification.error({ message: failed(file.name), description: e instanceof ApiError && e.message !== failed(file.name) ? e.message : undefined });
    } finally {
      track((s) => s.filter((f) => f.uid !== uid));
    }
  };
  const list: UploadFile[] = [
    ...files.map((f, i) => ({ uid: f.uid ?? `${i}:${f.path}`, name: f.name ?? f.path, status: 'done' as const, url: f.url ?? f.path })),
    ...sending,
  ];
  return (
    <Upload
      id={id}
      accept={rule.accept}
      multiple={!single}
      disabled={disabled}
      fileList={list}
      onRemove={(f) => onChange(files.filter((x, i) => (x.uid ?? `${i}:${x.path}`) !== f.uid))}
      beforeUpload={(file) => {
        const problem = rule.problem(file);
        if (problem) notification.error({ message: failed(file.name), description: problem === failed(file.name) ? undefined : problem });
        else void attach(file);
        // attach() sends it with the session's token; antd sends nothing itself.
        return Upload.LIST_IGNORE;
      }}
    >
      <Button icon={<UploadOutlined />} disabled={disabled}>{label}</Button>
    </Upload>
  );
}
