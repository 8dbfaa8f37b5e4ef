/**
 * App users report (/reports/app-users/): current students and whether they have an app login
 * (GET /reports/app-users/, optionally for one class), with a CSV of what the table shows.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button, Card, Input, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { PickerFilter, type FilterDef } from '../../framework/list/PickerFilter.js';
import { useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { formatDateTime } from '../../framework/format.js';
import { compareValues } from '../../framework/calls.js';
import { downloadCsv, toCsv } from '../../framework/csv.js';
import { DATE_FORMAT } from '../../framework/dates.js';
import { totalOf } from '../../../shared/plural.js';

type AppUserRow = CallData<'students.appUsers'>[number];

const CLASS_FILTER: FilterDef = { field: 'class_id', resource: 'classes', label: 'Class' };
const PAGE_SIZE = 50;
const yesNo = (v: unknown) => (v === true || v === 1 || v === '1' || v === 'true' ? 'Yes' : 'No');

/** The rows the table shows: search by name or admission number, then the App User filter. */
export function appUserRows<T extends Pick<AppUserRow, 'fullname' | 'admission_no' | 'app_user'>>(rows: T[], q: string, appUser: string[] | null): T[] {
  const needle = q.trim().toLowerCase();
  return rows.filter((r) => (!needle || [r.fullname, r.admission_no].some((v) => v && String(v).toLowerCase().includes(needle)))
    && (!appUser || appUser.length === 0 || appUser.includes(yesNo(r.app_user))));
}

export default function AppUsersReport(_props: PageProps) {
  const [classId, setClassId] = useState<unknown>();
  const [q, setQ] = useState('');
  const [appUser, setAppUser] = useState<string[] | null>(null);
  const [page, setPage] = useState(1);
  const { result, query } = useDeclaredQuery('students.appUsers', { query: { class_id: classId === undefined || classId === null ? undefined : String(classId) } });
  const all = useMemo(() => (Array.isArray(result?.data) ? result.data : []), [result]);
  const shown = useMemo(() => appUserRows(all, q, appUser), [all, q, appUser]);
  // The server lists classes in the classes list's order (LKG, UKG, 1 … 12); sorting by Class keeps it.
  const classRank = useMemo(() => {
    const rank = new Map<unknown, number>();
    all.forEach((r, i) => { if (!rank.has(r.class_id)) rank.set(r.class_id, i); });
    return (r: AppUserRow) => rank.get(r.class_id) ?? all.length;
  }, [all]);

  const exportCsv = () => downloadCsv('app-users.csv', toCsv(
    ['ID', 'Name', 'Class', 'Section', 'App User', 'Created On'],
    shown.map((r) => [String(r.id), r.fullname, r.class ?? '', r.section ?? '', yesNo(r.app_user), formatDateTime(r.created_on, DATE_FORMAT)]),
  ));

  const columns: ColumnsType<AppUserRow> = [
    { key: 'id', dataIndex: 'id', title: 'ID', sorter: (a, b) => a.id - b.id },
    { key: 'fullname', title: 'Name', sorter: (a, b) => compareValues(a.fullname, b.fullname), render: (_v, r) => <Link to={`/students/details/${r.id}`}>{r.fullname}</Link> },
    { key: 'class', dataIndex: 'class', title: 'Class', sorter: (a, b) => classRank(a) - classRank(b) },
    { key: 'section', dataIndex: 'section', title: 'Section' },
    {
      key: 'app_user', title: 'App User', filters: [{ text: 'Yes', value: 'Yes' }, { text: 'No', value: 'No' }], filteredValue: appUser,
      render: (_v, r) => (yesNo(r.app_user) === 'Yes' ? <Tag color="green">Yes</Tag> : <Tag>No</Tag>),
    },
    { key: 'created_on', title: 'Created On', sorter: (a, b) => compareValues(a.created_on, b.created_on), render: (_v, r) => formatDateTime(r.created_on, DATE_FORMAT) },
  ];

  return (
    <Card title="App Users" extra={<Button icon={<DownloadOutlined />} onClick={exportCsv} disabled={shown.length === 0}>Export CSV</Button>}>
      <Space wrap style={{ marginBottom: 16 }}>
        <PickerFilter def={CLASS_FILTER} idPrefix="app-users" value={classId} onChange={(v) => { setClassId(v); setPage(1); }} />
        <Input.Search aria-label="Search" placeholder="Search name or admission no" allowClear onChange={(e) => { setQ(e.target.value); setPage(1); }} style={{ width: 260 }} />
      </Space>
      <Table<AppUserRow>
        rowKey="id"
        columns={columns}
        dataSource={shown}
        loading={query.isFetching}
        size="middle"
        scroll={{ x: true }}
        onChange={(p, filters) => { setPage(p.current ?? 1); setAppUser((filters.app_user as string[] | null) ?? null); }}
        pagination={{ current: page, pageSize: PAGE_SIZE, showSizeChanger: false, showTotal: totalOf('student') }}
      />
    </Card>
  );
}
