/**
 * Administrators (/admin-actions/admins, spec 3): the school's admins and super admins, with Add
 * and, for each role-3 admin other than oneself, a link to their module access.
 */
import { Link, useNavigate } from 'react-router';
import { Button, Card, Table, Tag } from 'antd';
import { PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import type { PageProps } from '../registry.js';
import { ROLE_IDS } from '../../../shared/roles.js';
import { formatDateTime } from '../../framework/format.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { useSession } from '../../app/SessionContext.js';

type AdminRow = CallData<'admins.list'>[number];

export default function AdminList({ resource }: PageProps) {
  const navigate = useNavigate();
  const { user } = useSession();
  const mayAdd = usePageButton(resource, 'list', 'add');
  const mayGrant = usePageButton(resource, 'list', 'access');
  const { result, query } = useDeclaredQuery('admins.list');
  const rows = query.isSuccess ? result?.data ?? [] : [];

  const columns: ColumnsType<AdminRow> = [
    { key: 'name', dataIndex: 'name', title: 'Name' },
    { key: 'email', dataIndex: 'email', title: 'Email' },
    {
      key: 'role', title: 'Role', width: 130,
      render: (_v, r) => (r.role === ROLE_IDS.super_admin ? <Tag color="gold">Super Admin</Tag> : <Tag color="blue">Admin</Tag>),
    },
    { key: 'registration', title: 'Registered', width: 190, render: (_v, r) => formatDateTime(r.registration) },
    {
      key: 'actions', title: 'Actions', width: 170,
      render: (_v, r) => (mayGrant && r.role === ROLE_IDS.admin && r.id !== user.id
        ? <Link to={`/admin-actions/admin/${r.id}/modules/access`}><SafetyCertificateOutlined /> Module Access</Link>
        : null),
    },
  ];

  return (
    <Card
      title="Administrators"
      extra={mayAdd && <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/admin-actions/admin/new')}>Add Admin</Button>}
    >
      <Table rowKey="id" size="middle" columns={columns} dataSource={rows} loading={query.isLoading} pagination={false} scroll={{ x: 700 }} />
    </Card>
  );
}
