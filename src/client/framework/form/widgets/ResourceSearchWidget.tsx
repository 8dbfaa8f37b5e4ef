import { useMemo, useState } from 'react';
import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { resourceByName } from '../../../../../src/shared/registry.js';
import { optionLabel } from '../../labels.js';
import { MIN_SEARCH, useSearchCall } from '../../useSearchCall.js';
import type { ResourceFormContext } from './ResourceSelectWidget.js';

/**
 * A picker of one record among many (a student of the whole school): the person types a name or
 * number and picks from what the resource's search call (`api.search`) answers. Options:
 * `resource`, `label` (field shown, or 'class-section'), `detail` (fields shown after it),
 * `current` (the edited record's field naming the chosen record, shown before any search: a relation).
 */
export function ResourceSearchWidget(props: WidgetProps) {
  const { id, value, onChange, options, disabled, readonly, registry, onBlur, onFocus, placeholder } = props;
  const def = resourceByName(String(options.resource));
  if (!def.api.search) throw new Error(`${def.name} declares no search call for a resource-search picker`);
  const label = options.label as string | undefined;
  const detail = useMemo(() => (options.detail as string[] | undefined) ?? [], [options.detail]);
  const [text, setText] = useState('');
  const search = useSearchCall<Record<string, any>>(def.api.search, text);
  const context = (registry.formContext ?? {}) as Partial<ResourceFormContext>;
  const current = options.current ? context.record?.[String(options.current)] ?? context.formData?.[String(options.current)] : undefined;
  // The chosen record's name stays shown once the search that found it is cleared.
  const [picked, setPicked] = useState<{ value: number; label: string } | null>(null);

  const opts = useMemo(() => {
    const describe = (r: Record<string, any>) => {
      const extra = detail.map((f) => optionLabel(r, f)).filter(Boolean).join(', ');
      return extra ? `${optionLabel(r, label)} (${extra})` : optionLabel(r, label);
    };
    const found = search.rows.map((r) => ({ value: r.id as number, label: describe(r) }));
    if (value != null && !found.some((o) => o.value === value)) {
      found.unshift({ value, label: picked && picked.value === value ? picked.label : current != null ? String(current) : `#${value}` });
    }
    return found;
  }, [search.rows, value, current, picked, detail, label]);

  return (
    <Select
      id={id}
      value={value ?? undefined}
      options={opts}
      showSearch
      filterOption={false}
      onSearch={setText}
      searchValue={text}
      loading={search.loading && search.active}
      notFoundContent={search.active ? (search.loading ? 'Searching…' : 'No match') : `Type at least ${MIN_SEARCH} characters`}
      disabled={disabled || readonly}
      placeholder={placeholder || 'Type a name or number'}
      onChange={(v, option) => {
        setPicked(v == null ? null : { value: v as number, label: String((option as { label?: unknown } | undefined)?.label ?? '') });
        onChange(v ?? undefined);
        setText('');
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      style={{ width: '100%' }}
    />
  );
}
