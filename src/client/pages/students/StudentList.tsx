/**
 * Student list (/students/, spec 1, 2 "Student list"): class (remembered) and academic year
 * (the enabled one preselected) pickers, a search box, the students of that class and year with
 * a status filter (Current by default), row selection for messages, exports, and the admin
 * actions (edit, link user, delete, Add Student) only for those the server lets do them.
 */
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, App, Avatar, Button, Card, Dropdown, Input, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  DeleteOutlined, DownloadOutlined, EditOutlined, FileTextOutlined, LinkOutlined, MailOutlined, MessageOutlined, PlusOutlined,
} from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { PickerFilter, type FilterDef } from '../../framework/list/PickerFilter.js';
import { loadFilter, saveFilter } from '../../framework/list/filterStore.js';
import { useAllowed, usePageButton } from '../../framework/useAccess.js';
import { formatDate } from '../../framework/format.js';
import { compareValues } from '../../framework/calls.js';
import { download } from '../../framework/csv.js';
import { errorText } from '../../framework/useCall.js';
import { callDeclared, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import {
  DEFAULT_STATUS_FILTER, STATUS_FILTERS, classSection, exportQuery, initials, matchesStatus, mobilesOf, searchStudents, statusLabel,
  type ListedStudent,
} from './studentModel.js';
import { useStudentSearch } from './search/useStudentSearch.js';
import MessageModal, { type MessageRecipient } from './modals/MessageModal.js';
import TextMessageModal from './modals/TextMessageModal.js';
import DeleteStudentModal from './modals/DeleteStudentModal.js';
import { totalOf } from '../../../shared/plural.js';
import { fieldConfig } from '../../framework/form/CustomFields.js';
import { schoolConfigNow } from '../../app/schoolConfig.js';
import { ENABLED_YEAR } from '../../../shared/years.js';

const PAGE_SIZE = 50;
const CLASS_FILTER: FilterDef = { field: 'class_id', resource: 'classes', label: 'Class', remember: true, required: true };
const YEAR_FILTER: FilterDef = { field: 'ac_year_id', resource: 'acyears', label: 'Academic Year', required: true, preselect: ENABLED_YEAR };

export default function StudentList({ resource }: PageProps) {
  const fields = fieldConfig(resource);
  const listed = Object.entries(schoolConfigNow()?.fields?.[resource.name]?.custom ?? {}).filter(([, f]) => f.list).map(([k]) => k);
  const navigate = useNavigate();
  const { notification } = App.useApp();

  const [classId, setClassId] = useState<unknown>(() => loadFilter(resource.name, CLASS_FILTER.field));
  const [yearId, setYearId] = useState<unknown>();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [statusFilter, setStatusFilter] = useState<Array<number | string> | null>(DEFAULT_STATUS_FILTER);
  const [selected, setSelected] = useState<React.Key[]>([]);
  const [messageTo, setMessageTo] = useState<MessageRecipient[] | null>(null);
  const [textTo, setTextTo] = useState<string[] | null>(null);
  const [deleting, setDeleting] = useState<ListedStudent | null>(null);
  const [exporting, setExporting] = useState(false);

  const canCreate = useAllowed(resource, 'create');
  const canUpdate = useAllowed(resource, 'update');
  const canRemove = usePageButton(resource, 'list', 'delete');
  const canMessage = usePageButton(resource, 'list', 'message');
  const canText = usePageButton(resource, 'list', 'textMessage');

  const pickClass = useCallback((v: unknown) => {
    saveFilter(resource.name, CLASS_FILTER.field, v);
    setClassId(v);
    setSelected([]);
    setPage(1);
  }, [resource.name]);
  const pickYear = useCallback((v: unknown) => { setYearId(v); setSelected([]); setPage(1); }, []);

  const ready = Boolean(classId) && Boolean(yearId);
  const { result, query } = useDeclaredQuery('students.classYearList', { params: { class_id: Number(classId), ac_year_id: Number(yearId) } }, { enabled: ready });
  const all = useMemo(() => (ready && Array.isArray(result?.data) ? result.data : []), [ready, result]);
  // Two or more characters search the whole school; the class list is for browsing a class.
  const search = useStudentSearch(q);
  const rows = useMemo(() => (search.active ? search.rows : searchStudents(all, q)), [search.active, search.rows, all, q]);
  const chosen = useMemo(() => all.filter((r) => selected.includes(r.id)), [all, selected]);

  const reload = () => { void query.refetch(); search.refetch(); };

  const exportStudents = async (cls?: unknown, year?: unknown) => {
    setExporting(true);
    try {
      const { data } = await callDeclared('students.export', { query: exportQuery(cls, year) });
      if (!data?.path) throw new Error('The export has no file');
      download(data.path);
    } catch (e) {
      notification.error({ message: errorText(e) });
    } finally {
      setExporting(false);
    }
  };

  const exportMenu = {
    items: [
      { key: 'all', label: 'Export All Students' },
      { key: 'class', label: 'Export This Class', disabled: !ready },
      { key: 'multi', label: 'Multi Class Export' },
      { key: 'app-users', label: 'App Users' },
    ],
    onClick: ({ key }: { key: string }) => {
      if (key === 'all') void exportStudents();
      else if (key === 'class') void exportStudents(classId, yearId);
      else if (key === 'multi') navigate('/reports/multi-class/');
      else if (key === 'app-users') navigate('/reports/app-users/');
    },
  };

  const columns: ColumnsType<ListedStudent> = [
    { key: 'serial', title: '#', width: 56, render: (_v, _r, i) => (page - 1) * PAGE_SIZE + i + 1 },
    {
      key: 'avatar', title: 'Avatar', width: 72,
      render: (_v, r) => <Avatar src={r.profile_photo || undefined} alt={r.fullname}>{initials(r.fullname)}</Avatar>,
    },
    {
      key: 'fullname', title: 'Name', sorter: (a, b) => compareValues(a.fullname, b.fullname),
      render: (_v, r) => (
        <div>
          <Link to={`/students/details/${r.id}`}>{r.fullname}</Link>
          <div><Typography.Text type="secondary" style={{ fontSize: 12 }}>{classSection(r)}</Typography.Text></div>
        </div>
      ),
    },
    { key: 'mobile', dataIndex: 'mobile', title: 'Mobile' },
    { key: 'admission_no', dataIndex: 'admission_no', title: 'Admission No', sorter: (a, b) => compareValues(a.admission_no, b.admission_no) },
    {
      key: 'admission_date', title: 'Admission Date', sorter: (a, b) => compareValues(a.admission_date, b.admission_date),
      render: (_v, r) => formatDate(r.admission_date, 'DD-MM-YYYY'),
    },
    { key: 'roll_no', dataIndex: 'roll_no', title: 'Roll No', sorter: (a, b) => compareValues(a.roll_no, b.roll_no) },
    ...(fields.hidden('usn') ? [] : [{ key: 'usn', dataIndex: 'usn', title: fields.title('usn', 'SATS/USN') }]),
    // The school's own fields shown in lists (config/schools/<CODE>.json, `list: true`).
    ...fields.custom.filter((c) => listed.includes(c.key)).map(({ key, prop }) => ({
      key, dataIndex: key, title: prop.title, sorter: (a: ListedStudent, b: ListedStudent) => compareValues(a[key], b[key]),
      render: (v: unknown) => (v === true ? 'Yes' : v === false ? 'No' : v as ReactNode),
    })),
    {
      key: 'status', title: 'Status', filters: STATUS_FILTERS, filteredValue: statusFilter,
      onFilter: (value, r) => matchesStatus(r, value),
      render: (_v, r) => statusLabel(r),
    },
    {
      key: 'actions', title: 'Actions',
      render: (_v, r) => (
        <Space size={4}>
          <Tooltip title="Fees Records">
            <Link to={`/fees/records/${r.id}/`} aria-label="Fees Records"><Button size="small" icon={<FileTextOutlined />} tabIndex={-1} /></Link>
          </Tooltip>
          {canMessage && (
            <Tooltip title="Message"><Button size="small" aria-label="Message" icon={<MessageOutlined />} onClick={() => setMessageTo([r])} /></Tooltip>
          )}
          {canUpdate && (
            <Tooltip title="Edit">
              <Button size="small" aria-label="Edit" icon={<EditOutlined />} onClick={() => navigate(`/students/${r.id}`)} />
            </Tooltip>
          )}
          {canUpdate && !r.user_id && (
            <Tooltip title="Link User"><Button size="small" aria-label="Link User" icon={<LinkOutlined />} onClick={() => navigate(`/students/link/${r.id}`)} /></Tooltip>
          )}
          {canRemove && (
            <Tooltip title="Delete"><Button size="small" danger aria-label="Delete" icon={<DeleteOutlined />} onClick={() => setDeleting(r)} /></Tooltip>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="Students"
      extra={
        <Space wrap>
          <Dropdown menu={exportMenu} trigger={['click']}>
            <Button icon={<DownloadOutlined />} loading={exporting}>Export</Button>
          </Dropdown>
          {canMessage && (
            <Button icon={<MessageOutlined />} disabled={chosen.length === 0} onClick={() => setMessageTo(chosen)}>
              Message{chosen.length > 0 ? ` (${chosen.length})` : ''}
            </Button>
          )}
          {/* Text messages go through the school's SMS gateway: admins only, as the server allows. */}
          {canText && <Button icon={<MailOutlined />} onClick={() => setTextTo(mobilesOf(chosen))}>Send Text Messages</Button>}
          {canCreate && <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/students/new')}>Add Student</Button>}
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <PickerFilter def={CLASS_FILTER} idPrefix="students" value={classId} onChange={pickClass} />
        <PickerFilter def={YEAR_FILTER} idPrefix="students" value={yearId} onChange={pickYear} />
        <Input.Search
          aria-label="Search"
          placeholder="Search the school: name, adm. no, mobile, father"
          allowClear
          onChange={(e) => { setQ(e.target.value); setPage(1); }}
          style={{ width: 320, maxWidth: '100%' }}
        />
      </Space>
      {search.active && <Typography.Paragraph type="secondary">Students of the whole school matching “{q.trim()}”</Typography.Paragraph>}
      {!ready && !search.active ? (
        <Alert type="info" showIcon message={`Please select ${[!classId && 'Class', !yearId && 'Academic Year'].filter(Boolean).join(', ')}`} />
      ) : (
        <Table<ListedStudent>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={search.active ? search.loading : query.isFetching}
          size="middle"
          scroll={{ x: true }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys), preserveSelectedRowKeys: true }}
          onChange={(p, filters) => {
            setPage(p.current ?? 1);
            setStatusFilter((filters.status as Array<number | string> | null) ?? null);
          }}
          pagination={{ current: page, pageSize: PAGE_SIZE, showSizeChanger: false, showTotal: totalOf('student') }}
        />
      )}
      <MessageModal
        open={messageTo !== null}
        students={messageTo ?? []}
        onClose={(sent) => { setMessageTo(null); if (sent && (messageTo?.length ?? 0) > 1) setSelected([]); }}
      />
      <TextMessageModal open={textTo !== null} mobiles={textTo ?? []} onClose={() => setTextTo(null)} />
      <DeleteStudentModal
        open={deleting !== null}
        student={deleting}
        onClose={(deleted) => {
          if (deleted && deleting) setSelected((s) => s.filter((k) => k !== deleting.id));
          setDeleting(null);
          if (deleted) reload();
        }}
      />
    </Card>
  );
}
