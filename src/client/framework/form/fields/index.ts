/**
 * The field registry: declarations name whole-field components by id (`'ui:field'`) for values a
 * widget cannot hold, such as an object (a photo's { name, path, uid, url }).
 */
import type { RegistryFieldsType } from '@rjsf/utils';
import { UploadImageField } from './UploadImageField.js';
import { StopMapField } from './StopMapField.js';

export const FIELDS: RegistryFieldsType = {
  'upload-image': UploadImageField,
  'stop-map': StopMapField,
};
