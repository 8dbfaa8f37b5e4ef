import dayjs, { type Dayjs } from 'dayjs';
import type { WidgetProps } from '@rjsf/utils';
import { DateInput, typedText } from '../../DateInput.js';
import { WIRE_DATE } from '../../dates.js';

/**
 * Text typed that is not a date goes to the form as typed, so the schema's `format` refuses it
 * (with the reason, see errors.ts) rather than the old date being saved under it.
 */
const asValue = (d: Dayjs | null, wire: (d: Dayjs) => string) => (!d ? undefined : d.isValid() ? wire(d) : typedText(d));

/** A stored timestamp; typed text that is not one stays not a date. */
const fromIso = (v: string) => (/^\d{4}-\d{2}-\d{2}T/.test(v) ? dayjs(v) : dayjs(NaN));

/** A calendar date stored as YYYY-MM-DD (the schema's `format: date`), shown DD-MM-YYYY. */
export function DateWidget({ id, value, onChange, disabled, readonly, onBlur, onFocus }: WidgetProps) {
  return (
    <DateInput
      id={id}
      value={value ? dayjs(String(value), WIRE_DATE, true) : null}
      disabled={disabled || readonly}
      onChange={(d) => onChange(asValue(d, (x) => x.format(WIRE_DATE)))}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

/** A date and time stepping by 10 minutes, stored as an ISO timestamp (UTC). */
export function DateTime10MinWidget({ id, value, onChange, disabled, readonly, onBlur, onFocus }: WidgetProps) {
  return (
    <DateInput
      id={id}
      timeStep={10}
      value={value ? fromIso(String(value)) : null}
      disabled={disabled || readonly}
      onChange={(d) => onChange(asValue(d, (x) => x.second(0).millisecond(0).toISOString()))}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
