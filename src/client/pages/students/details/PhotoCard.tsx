/**
 * The student's photo. Editors upload a new one: JPG or PNG under 256 kB (checked here first
 * with the server's messages), sent to POST /upload/?file_path=profile with the token header,
 * then stored on the student with POST /student/profile/item/ → 'Student Pic Updated!'.
 */
import { useState } from 'react';
import { Avatar, Button, Card, Space, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { uploadFile, uploadRule } from '../../../framework/upload.js';
import { ApiError } from '../../../api.js';
import { useSend } from './useSend.js';

const PHOTO = uploadRule('profile');

export function PhotoCard({ studentId, name, photo, canEdit, onChanged }: {
  studentId: number; name: string; photo?: string | null; canEdit: boolean; onChanged: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const { send, notify } = useSend();

  const upload = async (file: File) => {
    setBusy(true);
    try {
      let path: string;
      try {
        path = (await uploadFile(file, 'profile')).path;
      } catch (e) {
        notify('error', e instanceof ApiError && e.statusCode !== 0 ? e.message : 'Please check network connection');
        return;
      }
      // useSend reports this call's own success or failure.
      await send('students.profileItem', { body: { student_id: studentId, name: 'profile_photo', value: path } });
      onChanged();
    } catch {
      // Reported by useSend.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="Photo" size="small" data-testid="photo-card">
      <Space direction="vertical" align="center" style={{ width: '100%' }}>
        {photo
          ? <img src={photo} alt={`Photo of ${name}`} style={{ width: 128, height: 128, objectFit: 'cover', borderRadius: 8 }} />
          : <Avatar size={128} icon={<UserOutlined />} alt={`No photo of ${name}`} />}
        {canEdit && (
          <Upload
            accept={PHOTO.accept}
            showUploadList={false}
            beforeUpload={(file) => {
              const problem = PHOTO.problem(file);
              if (problem) {
                notify('error', problem);
                return Upload.LIST_IGNORE;
              }
              void upload(file);
              // The file is sent by upload() (token header, then the profile item call).
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy}>Upload Photo</Button>
          </Upload>
        )}
      </Space>
    </Card>
  );
}
