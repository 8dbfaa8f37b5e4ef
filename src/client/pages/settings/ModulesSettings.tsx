import { useEffect, useState } from 'react';
import { Button, Card, Switch, Table, Tag } from 'antd';
import { useSession } from '../../app/SessionContext.js';
import { useDeclaredCall, type CallData } from '../../framework/useDeclaredCall.js';

type ModuleRow = CallData<'school.modules'>[number];

/** Role 4's module settings (/modules/D6RM3AXF/): enable or hide modules; some cannot be disabled. */
export default function ModulesSettings() {
  const { reload } = useSession();
  const [rows, setRows] = useState<ModuleRow[] | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useDeclaredCall('school.modules', { toast: false });
  const saveModules = useDeclaredCall('school.saveModules');

  useEffect(() => {
    load({}).then(setRows, () => setRows([]));
  }, [load]);

  const change = (key: string, patch: Partial<ModuleRow>) => setRows((rs) => rs!.map((r) => (r.module_key === key ? { ...r, ...patch } : r)));

  const save = async () => {
    setBusy(true);
    try {
      await saveModules({ body: { modules: rows!.map(({ module_key, enabled, hidden }) => ({ module_key, enabled, hidden })) } });
      // The sidebar and permissions come from start-up data: fetch it again.
      await reload().catch(() => undefined);
    } catch {
      // The refusal is shown by the call.
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
