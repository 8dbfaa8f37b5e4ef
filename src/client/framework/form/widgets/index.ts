/**
 * The widget registry: declarations name widgets by id ('resource-select', …) and RJSF
 * resolves them here. `hidden`, `radio` and `textarea` are RJSF's own antd widgets.
 */
import type { RegistryWidgetsType } from '@rjsf/utils';
import { ResourceSelectWidget } from './ResourceSelectWidget.js';
import { ResourceSearchWidget } from './ResourceSearchWidget.js';
import { CallSelectWidget } from './CallSelectWidget.js';
import { GeneratedPasswordWidget } from './GeneratedPasswordWidget.js';
import { DateTime10MinWidget, DateWidget } from './DateWidgets.js';
import { UploadFilesWidget } from './UploadFilesWidget.js';
import { ComputedTotalWidget } from './ComputedTotalWidget.js';

export const WIDGETS: RegistryWidgetsType = {
  'resource-select': ResourceSelectWidget,
  'resource-search': ResourceSearchWidget,
  'call-select': CallSelectWidget,
  'generated-password': GeneratedPasswordWidget,
  'datetime-10min': DateTime10MinWidget,
  'upload-files': UploadFilesWidget,
  'computed-total': ComputedTotalWidget,
  // `format: date` fields resolve to DateWidget.
  DateWidget,
  date: DateWidget,
};
