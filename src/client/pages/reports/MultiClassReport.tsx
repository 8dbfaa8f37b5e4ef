/**
 * Multi-class report (/reports/multi-class/): the students of several classes in one academic
 * year (GET /students-list/{class_id}/{ac_year_id}/ per class; a class that fails is named in
 * its own notice), with the status filter (Current by default), 50 a page and a CSV of what
 * the table shows, made in the browser. The fees report of several classes
 * (/reports/multi-class/fees) shares its form.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { App, Button, Card, Form, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { formatDate } from '../../framework/format.js';
import { compareValues } from '../../framework/calls.js';
import { downloadCsv, toCsv } from '../../framework/csv.js';
import { errorText } from '../../framework/useCall.js';
import { callDeclared } from '../../framework/useDeclaredCall.js';
import { DEFAULT_STATUS_FILTER, STATUS_FILTERS, matchesStatus, statusLabel, type StatusFields, type StudentRow } from '../students/studentModel.js';
import { ClassesItem, YearItem, useClassYearChoices } from './classYearForm.js';
import { failedClassText, fetchPerClass } from './perClass.js';
import { totalOf } from '../../../shared/plural.js';

const PAGE_SIZE = 50;
interface Values { class_ids: number[]; ac_year_id: number }

/** The rows the status filter lets through (all when no status is chosen). */
export function byStatus<T extends StatusFields>(rows: T[], statuses: Array<number | string> | null): T[] {
  if (!statuses || statuses.length === 0) return rows;
  return rows.filter((r) => statuses.some((s) => matchesStatus(r, s)));
}

const CSV_COLUMNS: Array<[string, (r: StudentRow) => unknown]> = [
  ['Student Name', (r) => r.fullname], ['Class', (r) => r.class], ['Section', (r) => r.section], ['Admission No', (r) => r.admission_no],
  ['Roll No', (r) => r.roll_no], ['Mobile', (r) => r.mobile], ['DoB', (r) => formatDate(r.dob)],
  ['Admission Date', (r) => formatDate(r.admission_date)], ['SATS/USN', (r) => r.usn], ['Status', (r) => statusLabel(r)],
];

export default function MultiClassReport(_props: PageProps) {
  const [form] = Form.useForm<Values>();
  const { notification } = App.useApp();
  const choices = useClassYearChoices(form);
  const [rows, setRows] = useState<StudentRow[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [page, setPage] = useState(1);
  const [statuses, setStatuses] = useState<Array<number | string> | null>(DEFAULT_STATUS_FILTER);

  const load = async (v: Values) => {
    setBusy(true);
    try {
      const lists = await fetchPerClass(
        v.class_ids, async (id) => (await callDeclared('students.classYearList', { params: { class_id: id, ac_year_id: v.ac_year_id } })).data,
        (id, e) => notification.error({ message: failedClassText('students', id), description: errorText(e) }),
      );
      setRows(lists.flatMap((l) => l.rows));
      setPage(1);
    } catch (e) {
      notification.error({ message: errorText(e) });
    } finally {
      setBusy(false);
    }
  };

  const shown = useMemo(() => byStatus(rows ?? [], statuses), [rows, statuses]);
  const exportCsv = () => downloadCsv('multi-class-students.csv', toCsv(CSV_COLUMNS.map(([t]) => t), shown.map((r) => CSV_COLUMNS.map(([, f]) => {
    const v = f(r);
    return v === null || v === undefined ? '' : String(v);
  }))));

  const columns: ColumnsType<StudentRow> = [
    { key: 'serial', title: '#', width: 56, render: (_v, _r, i) => (page - 1) * PAGE_SIZE + i + 1 },
    { key: 'fullname', title: 'Name', sorter: (a, b) => compareValues(a.fullname, b.fullname), render: (_v, r) => <Link to={`/students/details/${r.id}`}>{r.fullname}</Link> },
    { key: 'class', dataIndex: 'class', title: 'Class', sorter: (a, b) => compareValues(a.class, b.class) },
    { key: 'section', dataIndex: 'section', title: 'Section' },
    { key: 'admission_no', dataIndex: 'admission_no', title: 'Admission No', sorter: (a, b) => compareValues(a.admission_no, b.admission_no) },
    { key: 'roll_no', dataIndex: 'roll_no', title: 'Roll No' },
    { key: 'mobile', dataIndex: 'mobile', title: 'Mobile' },
    { key: 'admission_date', title: 'Admission Date', render: (_v, r) => formatDate(r.admission_date) },
    { key: 'status', title: 'Status', filters: STATUS_FILTERS, filteredValue: statuses, onFilter: (v, r) => matchesStatus(r, v), render: (_v, r) => statusLabel(r) },
  ];

  return (
    <Card
      title="Multi Class Export"
      extra={<Button icon={<DownloadOutlined />} onClick={exportCsv} disabled={shown.length === 0}>Export CSV</Button>}
    >
      <Form<Values> form={form} layout="inline" name="multi-class" onFinish={load} style={{ marginBottom: 16, rowGap: 8 }}>
        <ClassesItem choices={choices} multiple />
        <YearItem choices={choices} />
        <Form.Item>
          <Space><Button type="primary" htmlType="submit" loading={busy}>Show</Button></Space>
        </Form.Item>
      </Form>
      <Table<StudentRow>
        rowKey={(r) => `${r.id}:${r.class_id}`}
        columns={columns}
        dataSource={rows ?? []}
        loading={busy}
        size="middle"
        scroll={{ x: true }}
        locale={rows === null ? { emptyText: 'Choose classes and a year, then Show' } : undefined}
        onChange={(p, filters) => { setPage(p.current ?? 1); setStatuses((filters.status as Array<number | string> | null) ?? null); }}
        pagination={{ current: page, pageSize: PAGE_SIZE, showSizeChanger: false, showTotal: totalOf('student') }}
      />
    </Card>
  );
}
