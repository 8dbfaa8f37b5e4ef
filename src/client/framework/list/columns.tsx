/** antd Table columns from the declaration: titles, renderers, and sorting by the server where it sorts by the field. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ResourceDef } from '../../../../src/shared/resource.js';
import { columnDef, displayText } from '../format.js';
import { sortFields } from '../../../shared/list-query.js';

const fillTemplate = (to: string, row: Record<string, any>) =>
  to.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(String(row[k] ?? ''))).replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(row[k] ?? '')));

export function resolvedColumns(def: ResourceDef) {
  return (def.list?.columns ?? []).map((c) => columnDef(def, c));
}

export function tableColumns(def: ResourceDef, page: { current: number; pageSize: number }): ColumnsType<Record<string, any>> {
  const sortable = sortFields(def);
  return resolvedColumns(def).map((col) => ({
    key: col.field,
    dataIndex: col.field,
    title: col.title,
    // The list is paged by the server, so sorting asks it for the sorted list (useTable's onChange).
    sorter: col.render !== 'serial' && sortable.includes(col.field),
    render: (_: unknown, row: Record<string, any>, index: number): ReactNode => {
      if (col.render === 'serial') return (page.current - 1) * page.pageSize + index + 1;
      const text = displayText(def, col, row);
      if (col.render === 'tag') {
        const t = col.tags?.[String(row[col.field])];
        return text ? <Tag color={t?.color}>{text}</Tag> : null;
      }
      if (col.render === 'link' && col.to) return <Link to={fillTemplate(col.to, row)}>{text}</Link>;
      return text;
    },
  }));
}

export { fillTemplate };
