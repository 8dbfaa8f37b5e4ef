import { useEffect, useState } from 'react';
import { App, Button, Card, Switch, Table, Tag } from 'antd';
import { ApiError, GENERIC_ERROR, request } from '../../api.js';
import { flag } from '../../framework/access.js';
import { useSession } from '../../app/SessionContext.js';

interface ModuleRow { module_key: string; title: string; enabled: boolean; hidden: boolean; can_disable: boolean }

/** Role 4's module settings (/modules/D6RM3AXF/): enable or hide modules; some cannot be disabled. */
export default function ModulesSettings() {
  const { notification } = App.useApp();
  const { reload } = useSession();
  const [rows, setRows] = useState<ModuleRow[] | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    request<any[]>('GET', '/settings/modules/')
      .then((data) => setRows((data ?? []).map((m) => ({
        module_key: m.module_key, title: m.title ?? m.module_name ?? m.module_key,
        enabled: flag(m.enabled), hidden: flag(m.hidden), can_disable: m.can_disable === undefined ? true : flag(m.can_disable),
      }))))
      .catch((e) => {
        setRows([]);
        notification.error({ message: e instanceof ApiError ? e.message : GENERIC_ERROR });
      });
  }, [notification]);

  const change = (key: string, patch: Partial<ModuleRow>) => setRows((rs) => rs!.map((r) => (r.module_key === key ? { ...r, ...patch } : r)));

  const save = async () => {
    setBusy(true);
    try {
      await request('POST', '/settings/modules/', { modules: rows!.map(({ module_key, enabled, hidden }) => ({ module_key, enabled, hidden })) });
      notification.success({ message: 'Modules Saved' });
      // The sidebar and permissions come from start-up data: fetch it again.
      await reload().catch(() => undefined);
    } catch (e) {
      notification.error({ message: e instanceof ApiError ? e.message : GENERIC_ERROR });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="Modules" extra={<Button type="primary" onClick={save} loading={busy} disabled={!rows?.length}>Save</Button>}>
      <Table<ModuleRow>
        rowKey="module_key"
        loading={rows === null}
        dataSource={rows ?? []}
        pagination={false}
        columns={[
          { title: 'Module', dataIndex: 'title', render: (t, r) => <>{t} {!r.can_disable && <Tag>Always on</Tag>}</> },
          {
            title: 'Enabled', dataIndex: 'enabled',
            render: (v: boolean, r) => (
              <Switch checked={v} aria-label={`Enable ${r.title}`} disabled={!r.can_disable && v} onChange={(c) => change(r.module_key, { enabled: c })} />
            ),
          },
          {
            title: 'Hidden', dataIndex: 'hidden',
            render: (v: boolean, r) => <Switch checked={v} aria-label={`Hide ${r.title}`} onChange={(c) => change(r.module_key, { hidden: c })} />,
          },
        ]}
      />
    </Card>
  );
}
