/**
 * Multi-class fees report (/reports/multi-class/fees): the students of several classes in one
 * academic year with their total, paid and pending fees (GET /fees/list/{class_id}/{ac_year_id}/
 * per class; a class that fails is named: 'Failed to fetch student fees from class_id {n}'),
 * 50 a page, the totals, and a CSV of the table. Shares its form with the multi-class students report.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { App, Button, Card, Form, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { compareValues } from '../../framework/calls.js';
import { errorText, useCall } from '../../framework/useCall.js';
import { ClassesItem, YearItem, useClassYearChoices } from '../reports/classYearForm.js';
import { failedClassText, fetchPerClass } from '../reports/perClass.js';
import { Money, PAGE_SIZE, moneyColumn, serialColumn, useCsvExport } from './reportParts.js';
import { MULTI_CLASS_FEES_CSV, feeTotals, multiClassFeeRows, pendingOf, type MultiClassFeeRow, type StudentFeeRow } from './reportsModel.js';

interface Values { class_ids: number[]; ac_year_id: number }

export default function MultiClassFees(_props: PageProps) {
  const [form] = Form.useForm<Values>();
  const { notification } = App.useApp();
  const call = useCall();
  const exportCsv = useCsvExport();
  const choices = useClassYearChoices(form);
  const [rows, setRows] = useState<MultiClassFeeRow[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [page, setPage] = useState(1);

  const load = async (v: Values) => {
    setBusy(true);
    try {
      const lists = await fetchPerClass(
        v.class_ids, (id) => call<StudentFeeRow[]>('get', `/fees/list/${id}/${v.ac_year_id}/`),
        (id, e) => notification.error({ message: failedClassText('student fees', id), description: errorText(e) }),
      );
      setRows(multiClassFeeRows(lists.map((l) => ({ klass: choices.classById(l.classId), rows: l.rows }))));
      setPage(1);
    } finally {
      setBusy(false);
    }
  };

  const shown = rows ?? [];
  const totals = useMemo(() => feeTotals(shown), [shown]);
  const columns: ColumnsType<MultiClassFeeRow> = [
    serialColumn(page),
    { key: 'fullname', title: 'Name', sorter: (a, b) => compareValues(a.fullname, b.fullname), render: (_v, r) => <Link to={`/fees/records/${r.student_id ?? r.id}`}>{r.fullname}</Link> },
    { key: 'admission_no', dataIndex: 'admission_no', title: 'Admission No', sorter: (a, b) => compareValues(a.admission_no, b.admission_no) },
    { key: 'class', dataIndex: 'class', title: 'Class', sorter: (a, b) => compareValues(a.class, b.class) },
    { key: 'section', dataIndex: 'section', title: 'Section' },
    moneyColumn('total_amount', 'Total'),
    moneyColumn('paid_amount', 'Paid'),
    { key: 'pending', title: 'Pending', align: 'right', sorter: (a, b) => pendingOf(a) - pendingOf(b), render: (_v, r) => <Money value={pendingOf(r)} /> },
  ];

  return (
    <Card
      title="Multi Class Fees Report"
      extra={(
        <Space wrap>
          <Link to="/fees/reports/">Fee Reports</Link>
          <Button icon={<DownloadOutlined />} onClick={() => exportCsv('multi-class-fees.csv', MULTI_CLASS_FEES_CSV, shown)} disabled={rows === null}>Export CSV</Button>
        </Space>
      )}
    >
      <Form<Values> form={form} layout="inline" name="multi-class-fees" onFinish={load} style={{ marginBottom: 16, rowGap: 8 }}>
        <ClassesItem choices={choices} multiple />
        <YearItem choices={choices} />
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>Show</Button>
        </Form.Item>
      </Form>
      <Table<MultiClassFeeRow>
        rowKey={(r) => `${r.id}:${r.class_id}`}
        columns={columns}
        dataSource={shown}
        loading={busy}
        size="middle"
        scroll={{ x: true }}
        locale={rows === null ? { emptyText: 'Choose classes and a year, then Show' } : undefined}
        onChange={(p) => setPage(p.current ?? 1)}
        pagination={{ current: page, pageSize: PAGE_SIZE, showSizeChanger: false, showTotal: (t) => `${t} students` }}
        summary={() => (shown.length === 0 ? null : (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={5}><strong>Total</strong></Table.Summary.Cell>
            <Table.Summary.Cell index={5} align="right"><strong><Money value={totals.total} /></strong></Table.Summary.Cell>
            <Table.Summary.Cell index={6} align="right"><strong><Money value={totals.paid} /></strong></Table.Summary.Cell>
            <Table.Summary.Cell index={7} align="right"><strong><Money value={totals.pending} /></strong></Table.Summary.Cell>
          </Table.Summary.Row>
        ))}
      />
    </Card>
  );
}
