/**
 * The generated list page of any resource: declared picker filters, search, the table with
 * declared columns and row actions, CSV export and the add button. The server pages, searches
 * and sorts (Refine's useTable through the data provider), so only the page on screen travels;
 * the export fetches the whole filtered list page by page. Route parameters of the list route
 * (e.g. :test_id) and the pickers' values filter the list call.
 */
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, App, Button, Card, Input, Modal, Space, Spin, Table } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useDataProvider, type CrudFilter } from '@refinedev/core';
import { useTable } from '@refinedev/antd';
import { resourceByName } from '../../../shared/registry.js';
import type { ResourceDef } from '../../../../src/shared/resource.js';
import { useAccessContext, useAllowed } from '../useAccess.js';
import { allPages, fillRoute, routeParams, SEARCH_FIELD } from '../calls.js';
import { errorNotification } from '../notify.js';
import { errorText } from '../useCall.js';
import { displayText } from '../format.js';
import { downloadCsv, toCsv } from '../csv.js';
import { PickerFilter, type FilterDef } from './PickerFilter.js';
import { loadFilter, saveFilter } from './filterStore.js';
import { fillTemplate, resolvedColumns, tableColumns } from './columns.js';
import { RowActions } from './RowActions.js';
import { ROW_MENU_WIDTH, usePhoneWidth } from './RowMenu.js';
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

  // What the person types is sent once they pause.
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed.trim(), SEARCH_DELAY_MS);
  const permanent = useMemo<CrudFilter[]>(() => [
    ...Object.entries(eq).filter(([, v]) => v !== undefined && v !== null && v !== '').map(([field, value]) => ({ field, operator: 'eq' as const, value })),
    ...(q ? [{ field: SEARCH_FIELD, operator: 'contains' as const, value: q }] : []),
  ], [JSON.stringify(eq), q]); // eslint-disable-line react-hooks/exhaustive-deps

  const { tableProps, currentPage, setCurrentPage, pageSize, sorters, result, tableQuery } = useTable({
    resource: def.name,
    pagination: { mode: 'server', pageSize: def.list?.pageSize ?? 50 },
    filters: { permanent, defaultBehavior: 'replace' },
    syncWithLocation: false,
    errorNotification,
    queryOptions: { enabled: missing.length === 0 },
  });
  // Another filter or search text starts again at the first page.
  useEffect(() => { setCurrentPage(1); }, [permanent]); // eslint-disable-line react-hooks/exhaustive-deps
  const total = result?.total ?? 0;

  const canCreate = useAllowed(def, 'create');
  const ctx = useAccessContext();
  const headerLinks = (def.list?.headerLinks ?? []).filter((l) => permitted(ctx, def, l.requires));
  const addPage = Object.values(def.pages ?? {}).find((p) => p.permission === 'create');
  const addLink = def.routes?.create && def.api.create
    ? { to: fillPageRoute(def.routes.create, def.routes.list, routeValues), label: def.list?.addLabel ?? `Add ${def.singular ?? def.label}` }
    : addPage ? { to: fillPageRoute(addPage.route, def.routes?.list, routeValues), label: 'Add New' } : null;

  const phone = usePhoneWidth();
  const columns = [
    ...tableColumns(def, { current: currentPage, pageSize }),
    // A role with no button for these rows (read-only) gets no empty Actions column; it stays at
    // the right edge, so a wide table scrolls under its actions, never past them (on a phone
    // as one narrow menu button).
    ...(hasRowActions(ctx, def) ? [{
      key: 'actions', title: 'Actions', fixed: 'right' as const, width: phone ? ROW_MENU_WIDTH : undefined,
      render: (_: unknown, row: Record<string, any>) => <RowActions def={def} row={row} />,
    }] : []),
  ];

  const dataProvider = useDataProvider();
  const { notification } = App.useApp();
  const [exporting, setExporting] = useState(false);
  // The whole filtered list in the order on screen, not just the page shown.
  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await allPages((current, size) => dataProvider().getList({
        resource: def.name, filters: permanent, sorters, pagination: { currentPage: current, pageSize: size, mode: 'server' },
      }) as Promise<{ data: Array<Record<string, any>>; total: number }>);
      const cols = resolvedColumns(def).filter((c) => c.render !== 'serial');
      downloadCsv(def.list?.exportFile ?? `${def.name}.csv`, toCsv(cols.map((c) => c.title), all.map((r) => cols.map((c) => displayText(def, c, r)))));
    } catch (e) {
      notification.error({ message: errorText(e) });
    } finally {
      setExporting(false);
    }
  };

  const [adding, setAdding] = useState(false);
  return (
    <Card
      title={def.label}
      extra={
        <Space wrap>
          {def.list?.export === 'csv' && <Button icon={<DownloadOutlined />} onClick={exportCsv} loading={exporting} disabled={total === 0}>Export CSV</Button>}
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
            onChange={(e) => setTyped(e.target.value)}
            style={{ width: 240 }}
          />
        )}
      </Space>
      {missing.length > 0 ? (
        <Alert type="info" showIcon message={`Please select ${missing.map((f) => f.label).join(', ')}`} />
      ) : (
        <Table
          {...tableProps}
          rowKey={(r) => String(r.id)}
          columns={columns}
          size="middle"
          scroll={{ x: true }}
          pagination={{ ...tableProps.pagination, showSizeChanger: true, showTotal: totalOf('record') }}
        />
      )}
      {adding && addLink && (
        <Modal open title={addLink.label} footer={null} onCancel={() => setAdding(false)} destroyOnHidden>
          <Suspense fallback={<Spin />}>
            <EmbeddedResourceForm def={def} mode="create" preset={eq} onDone={() => { setAdding(false); void tableQuery.refetch(); }} />
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

/** Typing pauses this long before the search is sent. */
const SEARCH_DELAY_MS = 300;

/** `value` once it has stayed the same for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
