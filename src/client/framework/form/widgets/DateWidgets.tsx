import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { WidgetProps } from '@rjsf/utils';
import { datePickerProps, dateTimePickerProps, WIRE_DATE } from '../../dates.js';

/** A calendar date stored as YYYY-MM-DD (the schema's `format: date`), shown DD-MM-YYYY. */
export function DateWidget({ id, value, onChange, disabled, readonly, onBlur, onFocus }: WidgetProps) {
  const d = value ? dayjs(String(value), WIRE_DATE) : null;
  return (
    <DatePicker
      {...datePickerProps}
      id={id}
      value={d && d.isValid() ? d : null}
      disabled={disabled || readonly}
      onChange={(v) => onChange(v ? v.format(WIRE_DATE) : undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      style={{ width: '100%' }}
    />
  );
}

/** A date and time stepping by 10 minutes, stored as an ISO timestamp (UTC). */
export function DateTime10MinWidget({ id, value, onChange, disabled, readonly, onBlur, onFocus }: WidgetProps) {
  const d = value ? dayjs(String(value)) : null;
  return (
    <DatePicker
      {...dateTimePickerProps(10)}
      id={id}
      value={d && d.isValid() ? d : null}
      disabled={disabled || readonly}
      onChange={(v) => onChange(v ? v.second(0).millisecond(0).toISOString() : undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      style={{ width: '100%' }}
    />
  );
}
