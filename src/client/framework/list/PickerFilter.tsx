import { useEffect, useMemo } from 'react';
import { Select } from 'antd';
import { useList } from '@refinedev/core';
import { defaultLabelFor, optionLabel } from '../labels.js';
import { sameValue } from '../calls.js';
import { PICKER } from '../pickers.js';

export interface FilterDef {
  field: string;
  resource: string;
  label: string;
  remember?: boolean;
  required?: boolean;
  preselect?: { field: string; equals: unknown };
}

/**
 * Whether an empty picker is still to be filled by its preselection (its options are loading, or
 * one matches): a screen says 'Please select …' only for pickers that are really left empty.
 */
export function useAwaitingPreselect(def: FilterDef, value: unknown): boolean {
  const { result, query } = useList({ resource: def.resource, pagination: { mode: 'off' }, errorNotification: false, queryOptions: { enabled: Boolean(def.preselect) } });
  if (!def.preselect || (value !== undefined && value !== null && value !== '')) return false;
  if (query.isLoading) return true;
  return ((result?.data ?? []) as Array<Record<string, any>>).some((r) => sameValue(r[def.preselect!.field], def.preselect!.equals));
}

/** One declared picker above a list; its value fills a list call parameter. */
export function PickerFilter({ def, value, onChange, idPrefix }: { def: FilterDef; value: unknown; onChange: (v: unknown) => void; idPrefix: string }) {
  const { result, query } = useList({ resource: def.resource, pagination: { mode: 'off' }, errorNotification: false });
  const rows = (result?.data ?? []) as Array<Record<string, any>>;
  const label = defaultLabelFor(def.resource);
  const options = useMemo(() => rows.map((r) => ({ value: r.id, label: optionLabel(r, label) })), [rows, label]);

  useEffect(() => {
    if (!def.preselect || (value !== undefined && value !== null) || rows.length === 0) return;
    const match = rows.find((r) => sameValue(r[def.preselect!.field], def.preselect!.equals));
    if (match) onChange(match.id);
  }, [rows, def.preselect, value, onChange]);

  const id = `${idPrefix}-filter-${def.field}`;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <label htmlFor={id}>{def.label}</label>
      <Select
        id={id}
        value={value ?? undefined}
        options={options}
        loading={query.isLoading}
        allowClear={!def.required}
        {...PICKER}
        placeholder={`Select ${def.label}`}
        onChange={(v) => onChange(v ?? undefined)}
        style={{ minWidth: 200 }}
      />
    </span>
  );
}
