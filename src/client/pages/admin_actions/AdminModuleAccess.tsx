/**
 * An admin's module access (/admin-actions/admin/{id}/modules/access, spec 3): per module the
 * create, read, update and delete permissions, and a switch that turns all four together.
 * Modules a school cannot switch off are always on and locked. The server takes the change on
 * the admin's very next call.
 */
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Checkbox, Space, Switch, Table, Tag, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import type { PageProps } from '../registry.js';
import { ROLE_IDS } from '../../../shared/roles.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useDeclaredCall, useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { useSession } from '../../app/SessionContext.js';

type Access = CallData<'admins.modules'>;
type Row = Access['modules'][number];
const PERMS = ['create', 'read', 'update', 'delete'] as const;
type Perm = typeof PERMS[number];

export default function AdminModuleAccess({ resource }: PageProps) {
  const { id } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const mayChange = usePageButton(resource, 'access', 'save');
  const { result, query } = useDeclaredQuery('admins.modules', { params: { id: Number(id) } });
  const loaded = query.isSuccess ? result?.data : undefined;
  const [rows, setRows] = useState<Row[]>([]);
  const [busy, setBusy] = useState(false);
  const save = useDeclaredCall('admins.saveModules');
  useEffect(() => { if (loaded) setRows(loaded.modules); }, [loaded]);

  if (query.isError) return <Alert type="error" showIcon message="Could not load this administrator's module access." />;
  const admin = loaded?.admin;
  const fixed = !admin || admin.id === user.id || admin.role === ROLE_IDS.super_admin || !mayChange;
  const why = !admin ? null : admin.id === user.id ? 'You cannot change your own module access.'
    : admin.role === ROLE_IDS.super_admin ? 'A super admin has every module.' : null;

  const set = (key: string, change: Partial<Record<Perm, boolean>>) =>
    setRows((rs) => rs.map((r) => (r.module_key === key ? { ...r, ...change } : r)));
  const all = (r: Row) => PERMS.every((p) => r[p]);

  const columns: ColumnsType<Row> = [
    {
      key: 'module', title: 'Module',
      render: (_v, r) => <Space>{r.module_name}{!r.can_disable && <Tag icon={<LockOutlined />}>Always on</Tag>}</Space>,
    },
    {
      key: 'all', title: 'All', width: 80,
      render: (_v, r) => (
        <Switch aria-label={`${r.module_name}: all`} checked={all(r)} disabled={fixed || !r.can_disable}
          onChange={(on) => set(r.module_key, { create: on, read: on, update: on, delete: on })} />
      ),
    },
    ...PERMS.map((p) => ({
      key: p, title: p[0]!.toUpperCase() + p.slice(1), width: 90,
      render: (_v: unknown, r: Row) => (
        <Checkbox aria-label={`${r.module_name}: ${p}`} checked={r[p]} disabled={fixed || !r.can_disable}
          onChange={(e) => set(r.module_key, { [p]: e.target.checked })} />
      ),
    })),
  ];

  const submit = async () => {
    if (!admin) return;
    setBusy(true);
    try {
      const saved = await save({ body: { user_id: admin.id, data: rows.map(({ module_key, create, read, update, delete: del }) => ({ module_key, create, read, update, delete: del })) } });
      setRows(saved.modules);
    } catch {
      // The server's words are shown.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={admin ? `Module Access: ${admin.name}` : 'Module Access'} loading={query.isLoading} style={{ maxWidth: 860 }}>
      {admin && <Typography.Paragraph type="secondary">{admin.email}</Typography.Paragraph>}
      {why && <Alert type="info" showIcon message={why} style={{ marginBottom: 16 }} />}
      <Table rowKey="module_key" size="middle" columns={columns} dataSource={rows} pagination={false} scroll={{ x: 560 }} data-testid="module-access" />
      <Space style={{ marginTop: 16 }}>
        {!fixed && <Button type="primary" loading={busy} onClick={() => void submit()}>Save</Button>}
        <Button onClick={() => navigate('/admin-actions/admins')}>Back</Button>
      </Space>
    </Card>
  );
}
