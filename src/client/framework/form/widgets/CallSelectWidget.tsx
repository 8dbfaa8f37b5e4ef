import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import type { CallId } from '../../../../generated/calls.js';
import { useDeclaredQuery } from '../../useDeclaredCall.js';
import { PICKER } from '../../pickers.js';

/**
 * A picker whose options a declared call answers (not a resource's list): options
 * {call, label, detail, query}. E.g. the logins an employee can be linked to (GET /hr/users/).
 */
export function CallSelectWidget(props: WidgetProps) {
  const { id, value, onChange, options, disabled, readonly, schema, onBlur, onFocus, placeholder } = props;
  const label = String(options.label ?? 'name');
  const detail = options.detail as string | undefined;
  const { result, query } = useDeclaredQuery(options.call as CallId, { query: (options.query ?? {}) as never }, { errorToast: false });
  const rows = (Array.isArray(result?.data) ? result.data : []) as Array<Record<string, any>>;
  const nullable = Array.isArray(schema.type) && schema.type.includes('null');
  return (
    <Select
      id={id}
      value={value ?? undefined}
      options={rows.map((r) => ({ value: r.id, label: detail && r[detail] ? `${r[label]} (${r[detail]})` : String(r[label] ?? r.id) }))}
      {...PICKER}
      allowClear={!props.required}
      loading={query.isLoading}
      disabled={disabled || readonly}
      placeholder={placeholder || 'Select'}
      onChange={(v) => onChange(v === undefined ? (nullable ? null : undefined) : v)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      style={{ width: '100%' }}
    />
  );
}
