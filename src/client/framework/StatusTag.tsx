/** A status as a coloured antd Tag, from an option table generated from its schema (src/generated/enums). */
import { Tag } from 'antd';
import { optionOf, type EnumOption } from '../../shared/options.js';

export function StatusTag<V extends string | number | boolean>({ options, value, fallback }: {
  options: readonly EnumOption<V>[];
  value: unknown;
  /** What a value the table does not name reads (nothing by default). */
  fallback?: string;
}) {
  const o = optionOf(options, value);
  if (!o) return fallback ? <Tag>{fallback}</Tag> : null;
  return <Tag color={o.color}>{o.label}</Tag>;
}
