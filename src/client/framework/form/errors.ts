/**
 * ajv-errors reports a custom `required` message at the object, not at the missing field.
 * This moves each such error onto its field so RJSF shows the schema's text under it.
 * Pure (no RJSF import beyond types) for unit tests.
 */
import type { RJSFValidationError } from '@rjsf/utils';

export function placeCustomErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.map((e) => {
    if (e.name !== 'errorMessage') return e;
    const inner: any[] = (e.params as any)?.errors ?? [];
    const missing = inner.find((x) => x?.keyword === 'required')?.params?.missingProperty;
    if (!missing) return e;
    const base = e.property && e.property !== '.' ? e.property : '';
    const property = base ? `${base}.${missing}` : `.${missing}`;
    return { ...e, property, stack: e.message ?? e.stack };
  });
}
