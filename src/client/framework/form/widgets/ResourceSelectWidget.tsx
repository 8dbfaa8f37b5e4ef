import { useEffect, useMemo } from 'react';
import { Select } from 'antd';
import { useSelect } from '@refinedev/antd';
import type { WidgetProps } from '@rjsf/utils';
import { defaultLabelFor, optionLabel } from '../../labels.js';
import { sameValue } from '../../calls.js';
import { prefillValues } from '../formModel.js';
import { PICKER } from '../../pickers.js';

/** What the generated form hands its widgets through RJSF's formContext. */
export interface ResourceFormContext {
  formData: Record<string, unknown>;
  /** The record being edited as the server answered it, with its relations (a student's name); none on create. */
  record?: Record<string, unknown>;
  /** Sets other fields of the form (a picker's `prefill`). */
  setFields?: (values: Record<string, unknown>) => void;
}

/**
 * A picker of another resource's records: options {resource, label, preselect, filterBy, prefill}.
 * `filterBy` names a field of this form whose value narrows the list call
 * (subjects of the chosen class); `preselect` picks e.g. the enabled academic year;
 * `prefill` ({ field: recordField }) fills fields of this form from the record the user
 * chooses (a created fee's amount from its fee item).
 */
export function ResourceSelectWidget(props: WidgetProps) {
  const { id, value, onChange, options, disabled, readonly, registry, schema, onBlur, onFocus, placeholder } = props;
  const resource = String(options.resource);
  const label = (options.label as string | undefined) ?? defaultLabelFor(resource);
  const filterBy = options.filterBy as string | undefined;
  const preselect = options.preselect as { field: string; equals: unknown } | undefined;
  const prefill = options.prefill as Record<string, string> | undefined;
  const context = (registry.formContext ?? {}) as Partial<ResourceFormContext>;
  const formData: Record<string, unknown> = context.formData ?? {};
  const filterValue = filterBy ? formData[filterBy] : undefined;
  const waiting = Boolean(filterBy) && (filterValue === undefined || filterValue === null || filterValue === '');

  // Refine's select hook loads the records and makes the options; the whole list is loaded, so
  // typing narrows the options in the browser (its server-side search is not used).
  const { selectProps, query } = useSelect<Record<string, any>>({
    resource,
    optionValue: 'id',
    optionLabel: (r) => optionLabel(r, label),
    filters: filterBy && !waiting ? [{ field: filterBy, operator: 'eq', value: filterValue }] : [],
    pagination: { mode: 'off' },
    // A picker that cannot load is shown empty; the list screens report such errors.
    errorNotification: false,
    queryOptions: { enabled: !waiting },
  });
  const data = query.data?.data;
  const rows = useMemo(() => (data ?? []) as Array<Record<string, any>>, [data]);

  useEffect(() => {
    if (!preselect || (value !== undefined && value !== null) || rows.length === 0 || readonly) return;
    const match = rows.find((r) => sameValue(r[preselect.field], preselect.equals));
    if (match) onChange(match.id);
  }, [rows, preselect, value, readonly, onChange]);

  const nullable = Array.isArray(schema.type) && schema.type.includes('null');
  return (
    <Select
      id={id}
      value={value ?? undefined}
      options={selectProps.options}
      {...PICKER}
      allowClear={!props.required}
      loading={query.isLoading && !waiting}
      disabled={disabled || readonly}
      placeholder={placeholder || (waiting ? 'Select the class first' : 'Select')}
      onChange={(v) => {
        onChange(v === undefined ? (nullable ? null : undefined) : v);
        // Only a user's choice fills other fields, never the preselection or a loaded record.
        const filled = prefillValues(prefill, v === undefined ? null : rows.find((r) => sameValue(r.id, v)), registry.rootSchema);
        if (Object.keys(filled).length > 0) context.setFields?.(filled);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      style={{ width: '100%' }}
    />
  );
}
