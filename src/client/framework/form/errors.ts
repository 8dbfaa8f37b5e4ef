/**
 * ajv-errors reports a custom `required` message at the object, not at the missing field.
 * This moves each such error onto its field so RJSF shows the schema's text under it.
 * Pure (no RJSF import beyond types) for unit tests.
 */
import type { RJSFValidationError } from '@rjsf/utils';
import { DATE_FORMAT, DATE_PROBLEMS, DATE_TIME_FORMAT } from '../dates.js';

/** What a date field says when its text is not a date (the schema's `format`), in the shown format. */
const FORMAT_PROBLEMS: Record<string, string> = { date: DATE_PROBLEMS.unreadable(DATE_FORMAT), 'date-time': DATE_PROBLEMS.unreadable(DATE_TIME_FORMAT) };

export function placeCustomErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.map((e) => {
    const format = e.name === 'format' ? FORMAT_PROBLEMS[String((e.params as { format?: unknown } | undefined)?.format)] : undefined;
    if (format) return { ...e, message: format, stack: `${e.property ?? ''} ${format}`.trim() };
    if (e.name !== 'errorMessage') return e;
    const inner: any[] = (e.params as any)?.errors ?? [];
    const missing = inner.find((x) => x?.keyword === 'required')?.params?.missingProperty;
    if (!missing) return e;
    const base = e.property && e.property !== '.' ? e.property : '';
    const property = base ? `${base}.${missing}` : `.${missing}`;
    return { ...e, property, stack: e.message ?? e.stack };
  });
}
