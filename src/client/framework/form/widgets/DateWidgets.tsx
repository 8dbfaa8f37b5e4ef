import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { WidgetProps } from '@rjsf/utils';
import { keepEnterInPicker } from '../keys.js';

/** A calendar date stored as YYYY-MM-DD (the schema's `format: date`). */
export function DateWidget({ id, value, onChange, disabled, readonly, onBlur, onFocus }: WidgetProps) {
  const d = value ? dayjs(String(value), 'YYYY-MM-DD') : null;
  return (
    <DatePicker
      id={id}
      value={d && d.isValid() ? d : null}
      format="YYYY-MM-DD"
      disabled={disabled || readonly}
      onChange={(v) => onChange(v ? v.format('YYYY-MM-DD') : undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      onKeyDown={keepEnterInPicker}
      style={{ width: '100%' }}
    />
  );
}

/** A date and time stepping by 10 minutes, stored as an ISO timestamp (UTC). */
export function DateTime10MinWidget({ id, value, onChange, disabled, readonly, onBlur, onFocus }: WidgetProps) {
  const d = value ? dayjs(String(value)) : null;
  return (
    <DatePicker
      id={id}
      value={d && d.isValid() ? d : null}
      showTime={{ minuteStep: 10, format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      disabled={disabled || readonly}
      onChange={(v) => onChange(v ? v.second(0).millisecond(0).toISOString() : undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      onKeyDown={keepEnterInPicker}
      style={{ width: '100%' }}
    />
  );
}
