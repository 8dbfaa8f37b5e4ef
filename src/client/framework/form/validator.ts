/**
 * The form validator: ajv with the settings the server uses (allErrors, no coercion, no
 * removal of unknown properties), ajv-formats, and ajv-errors so the schema's own
 * `errorMessage` texts are what the user reads.
 */
import { customizeValidator } from '@rjsf/validator-ajv8';
import ajvErrors from 'ajv-errors';
import { addProductFormats } from '../../../shared/formats.js';

export const validator = customizeValidator({
  ajvOptionsOverrides: { allErrors: true, coerceTypes: false, removeAdditional: false, useDefaults: false, $data: true },
  extenderFn: (ajv) => {
    ajvErrors(ajv as any);
    addProductFormats(ajv as any);
    return ajv;
  },
});
