/**
 * Attachments of a generated form (`'ui:widget': 'upload-files'`, `'ui:options': { kind }`):
 * the field holds the stored files (see AttachmentsInput).
 */
import type { WidgetProps } from '@rjsf/utils';
import { AttachmentsInput } from '../../AttachmentsInput.js';

export function UploadFilesWidget({ id, value, onChange, disabled, readonly, options }: WidgetProps) {
  return <AttachmentsInput id={id} kind={String(options.kind)} value={Array.isArray(value) ? value : []} onChange={onChange} disabled={disabled || readonly} />;
}
