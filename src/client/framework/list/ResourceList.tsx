/**
 * The generated list page of any resource: declared picker filters, search, the table with
 * declared columns and row actions, client-side sorting and pagination, CSV export and the
 * add button. Route parameters of the list route (e.g. :test_id) filter the list call.
 */
import { Suspense, useCallback, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Input, Modal, Space, Spin, Table } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useList } from '@refinedev/core';
import { resourceByName } from '../../../shared/registry.js';
import type { ResourceDef } from '../../../../src/shared/resource.js';
import { useAccessContext, useAllowed } from '../useAccess.js';
import { fillRoute, parseSort, routeParams, searchRows, sortRows } from '../calls.js';
import { errorNotification } from '../notify.js';
import { displayText } from '../format.js';
import { downloadCsv, toCsv } from '../csv.js';
import { PickerFilter, type FilterDef } from './PickerFilter.js';
import { loadFilter, saveFilter } from './filterStore.js';
import { fillTemplate, resolvedColumns, tableColumns } from './columns.js';
import { RowActions } from './RowActions.js';
import { hasRowActions, permitted } from './rowExtras.js';
import { Icon } from '../icons.js';
import { totalOf } from '../../../shared/plural.js';
import { lazy } from '../../app/screen/lazy.js';
import type { EmbeddedFormProps } from '../form/ResourceForm.js';

// The form (RJSF) loads only when a list's add dialog opens.
const EmbeddedResourceForm = lazy<EmbeddedFormProps>(() => import('../form/ResourceForm.js').then((m) => ({ default: m.EmbeddedResourceForm })));

export default function ResourceList({ name }: { name: string }) {
  const def = resourceByName(name);
  return <ListBody key={name} def={def} />;
}

function ListBody({ def }: { def: ResourceDef }) {
  const params = useParams();
  const navigate = useNavigate();
  const filters: FilterDef[] = def.list?.filters ?? [];
  const [picked, setPicked] = useState<Record<string, unknown>>(() =>
    Object.fromEntries(filters.filter((f) => f.remember).map((f) => [f.field, loadFilter(def.name, f.field)])));
  const setFilter = useCallback((f: FilterDef, v: unknown) => {
    if (f.remember) saveFilter(def.name, f.field, v);
    setPicked((p) => ({ ...p, [f.field]: v }));
  }, [def.name]);

  const routeValues = useMemo(() => {
    const out: Record<string, string> = {};
    for (const p of def.routes?.list ? routeParams(def.routes.list) : []) if (params[p]) out[p] = params[p]!;
    return out;
  }, [def, params]);
  const eq = { ...picked, ...routeValues };
  const missing = filters.filter((f) => f.required && (eq[f.field] === undefined || eq[f.field] === null || eq[f.field] === ''));

  const { result, query } = useList({
    resource: def.name,
    filters: Object.entries(eq).filter(([, v]) => v !== undefined && v !== null && v !== '').map(([field, value]) => ({ field, operator: 'eq' as const, value })),
    pagination: { mode: 'off' },
    errorNotification,
    queryOptions: { enabled: missing.length === 0 },
  });

  const [q, setQ] = useState('');
  const pageSize0 = def.list?.pageSize ?? 50;
  const [page, setPage] = useState({ current: 1, pageSize: pageSize0 });
  const rows = useMemo(() => {
    const all = (result?.data ?? []) as Array<Record<string, any>>;
    return sortRows(searchRows(all, q, def.list?.search ?? []), parseSort(def.list?.sort));
  }, [result, q, def]);

  const canCreate = useAllowed(def, 'create');
  const ctx = useAccessContext();
  const headerLinks = (def.list?.headerLinks ?? []).filter((l) => permitted(ctx, def, l.requires));
  const addPage = Object.values(def.pages ?? {}).find((p) => p.permission === 'create');
  const addLink = def.routes?.create && def.api.create
    ? { to: def.routes.create, label: def.list?.addLabel ?? `Add ${def.singular ?? def.label}` }
    : addPage ? { to: fillPageRoute(addPage.route, def.routes?.list, routeValues), label: 'Add New' } : null;

  const columns = [
    ...tableColumns(def, page),
    // A role with no button for these rows (read-only) gets no empty Actions column; it stays at
    // the right edge, so a wide table scrolls under its actions, never past them.
    ...(hasRowActions(ctx, def) ? [{ key: 'actions', title: 'Actions', fixed: 'right' as const, render: (_: unknown, row: Record<string, any>) => <RowActions def={def} row={row} /> }] : []),
  ];

  const exportCsv = () => {
    const cols = resolvedColumns(def).filter((c) => c.render !== 'serial');
    const body = rows.map((r) => cols.map((c) => displayText(def, c, r)));
    downloadCsv(`${def.name}.csv`, toCsv(cols.map((c) => c.title), body));
  };

  const [adding, setAdding] = useState(false);
  return (
    <Card
      title={def.label}
      extra={
        <Space wrap>
          {def.list?.export === 'csv' && <Button icon={<DownloadOutlined />} onClick={exportCsv} disabled={rows.length === 0}>Export CSV</Button>}
          {headerLinks.map((l) => (l.download ? (
            <Button key={l.to} icon={l.icon ? <Icon name={l.icon} /> : undefined} href={fillTemplate(l.to, eq)} download>{l.label}</Button>
          ) : (
            <Button key={l.to} icon={l.icon ? <Icon name={l.icon} /> : undefined} onClick={() => navigate(fillTemplate(l.to, eq))}>{l.label}</Button>
          )))}
          {addLink && canCreate && (
            // The list's filters preset the new record (the chosen class, the test).
            <Button type="primary" icon={<PlusOutlined />} onClick={() => (def.list?.addInModal ? setAdding(true) : navigate(addLink.to, { state: { preset: eq } }))}>{addLink.label}</Button>
          )}
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        {filters.map((f) => (
          <PickerFilter key={f.field} def={f} idPrefix={def.name} value={eq[f.field]} onChange={(v) => setFilter(f, v)} />
        ))}
        {(def.list?.search?.length ?? 0) > 0 && (
          <Input.Search
            aria-label="Search"
            placeholder="Search"
            allowClear
            onChange={(e) => { setQ(e.target.value); setPage((p) => ({ ...p, current: 1 })); }}
            style={{ width: 240 }}
          />
        )}
      </Space>
      {missing.length > 0 ? (
        <Alert type="info" showIcon message={`Please select ${missing.map((f) => f.label).join(', ')}`} />
      ) : (
        <Table
          rowKey={(r) => String(r.id)}
          columns={columns}
          dataSource={rows}
          loading={query.isFetching}
          size="middle"
          scroll={{ x: true }}
          pagination={{
            current: page.current, pageSize: page.pageSize, showSizeChanger: true, total: rows.length,
            showTotal: totalOf('record'),
            onChange: (current, pageSize) => setPage({ current, pageSize }),
          }}
        />
      )}
      {adding && addLink && (
        <Modal open title={addLink.label} footer={null} onCancel={() => setAdding(false)} destroyOnHidden>
          <Suspense fallback={<Spin />}>
            <EmbeddedResourceForm def={def} mode="create" preset={eq} onDone={() => { setAdding(false); void query.refetch(); }} />
          </Suspense>
        </Modal>
      )}
    </Card>
  );
}

/**
 * The add page's route filled from the list route's parameters: by name first, then by
 * position (the test details list has :test_id, its add page :testid).
 */
export function fillPageRoute(pageRoute: string, listRoute: string | undefined, values: Record<string, string>): string {
  const listNames = listRoute ? routeParams(listRoute) : [];
  const pageNames = routeParams(pageRoute);
  const filled: Record<string, string> = {};
  pageNames.forEach((n, i) => {
    filled[n] = values[n] ?? values[listNames[i] ?? ''] ?? '';
  });
  return fillRoute(pageRoute, filled);
}
