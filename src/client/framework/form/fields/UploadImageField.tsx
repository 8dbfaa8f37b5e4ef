/**
 * A photo of a generated form (`'ui:field': 'upload-image'`, `'ui:options': { kind }`) on an
 * object field ({ name, path, uid, url }): one file of the upload kind, checked by the kind's
 * rule before it is sent (the server checks it again, by its bytes, on upload and on save).
 * RJSF gives a custom field no label of its own, so it draws one.
 */
import type { FieldProps } from '@rjsf/utils';
import { Form } from 'antd';
import { AttachmentsInput, type StoredAttachment } from '../../AttachmentsInput.js';

export function UploadImageField({ schema, uiSchema, formData, onChange, disabled, readonly, name, fieldPathId }: FieldProps) {
  const id = fieldPathId.$id;
  const kind = String(uiSchema?.['ui:options']?.kind ?? '');
  const photo = formData && typeof formData === 'object' && (formData as StoredAttachment).path ? formData as StoredAttachment : null;
  const label = `${uiSchema?.['ui:title'] ?? schema.title ?? name}`;
  return (
    <Form.Item label={<label htmlFor={id}>{label}</label>} colon={false} labelCol={{ span: 24 }}>
      <AttachmentsInput
        id={id} kind={kind} single label={photo ? 'Change Photo' : 'Upload Photo'}
        value={photo ? [photo] : []}
        onChange={(files) => onChange((files.at(-1) ?? null) as StoredAttachment | null, fieldPathId.path)}
        disabled={disabled || readonly}
      />
      {/* Stored files are served at their address without a token (the random key is the permission). */}
      {photo && <img src={photo.url ?? photo.path} alt={label} style={{ display: 'block', maxHeight: 120, maxWidth: '100%', marginTop: 8 }} />}
    </Form.Item>
  );
}
