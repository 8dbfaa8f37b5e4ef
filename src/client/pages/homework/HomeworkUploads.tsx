/**
 * The file picker of the homework forms: each chosen file is checked by the upload kind's rule
 * (the server's own) and sent to POST /upload/ at once; the form sends the stored addresses.
 * On a phone the picker offers the camera and the gallery (the types include images).
 */
import { App, Button, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { ApiError } from '../../api.js';
import { uploadFile, uploadRule, type UploadedFile } from '../../framework/upload.js';

export type PickedFile = UploadFile & { stored?: UploadedFile };

const uploaded = (name: string) => `${name} file uploaded successfully`;
const failed = (name: string) => `${name} file upload failed.`;

/** The stored files of a picker, as the payloads take them. */
export const storedOf = (files: PickedFile[]) => files.flatMap((f) => (f.stored ? [{ path: f.stored.path, name: f.stored.name, size: f.stored.size }] : []));

export default function HomeworkUploads({ kind, files, setFiles, label, max = 10 }: {
  kind: string; files: PickedFile[]; setFiles: (fn: (fs: PickedFile[]) => PickedFile[]) => void; label: string; max?: number;
}) {
  const { notification } = App.useApp();
  const rule = uploadRule(kind);
  const attach = async (file: File) => {
    const uid = `${Date.now()}-${Math.random()}`;
    setFiles((fs) => [...fs, { uid, name: file.name, status: 'uploading' }]);
    try {
      const stored = await uploadFile(file, kind);
      setFiles((fs) => fs.map((f) => (f.uid === uid ? { ...f, name: stored.name, status: 'done', url: stored.path, stored } : f)));
      notification.success({ message: uploaded(file.name) });
    } catch (e) {
      setFiles((fs) => fs.filter((f) => f.uid !== uid));
      notification.error({ message: failed(file.name), description: e instanceof ApiError && e.message !== failed(file.name) ? e.message : undefined });
    }
  };
  return (
    <Upload
      accept={rule.accept}
      multiple
      fileList={files}
      onRemove={(f) => setFiles((fs) => fs.filter((x) => x.uid !== f.uid))}
      beforeUpload={(file) => {
        const problem = rule.problem(file);
        if (problem) notification.error({ message: failed(file.name), description: problem === failed(file.name) ? undefined : problem });
        else if (files.length >= max) notification.error({ message: `At most ${max} files` });
        else void attach(file);
        // attach() sends it with the session's token; antd sends nothing itself.
        return Upload.LIST_IGNORE;
      }}
    >
      <Button icon={<UploadOutlined />}>{label}</Button>
    </Upload>
  );
}
