/**
 * /virtual-classroom/access/ (spec 4 §2.2, §7): which students of a class and academic year
 * may use the virtual classroom. Tick, or tick all, and save ('Access List Updated').
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Checkbox, Form, Select, Space, Table, Typography } from 'antd';
import { classSectionLabel } from '../../framework/labels.js';
import { PICKER } from '../../framework/pickers.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useDeclaredCall, useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { useClassesAndYears } from '../useClassesAndYears.js';
import { ACYEAR_STATUS } from '../../../generated/enums/academics.js';
import type { PageProps } from '../registry.js';

type Row = CallData<'student-modules.list'>[number];

export default function VcAccessList({ resource }: PageProps) {
  const canSave = usePageButton(resource, 'access', 'save');
  const { classes, years, classesLoading, yearsLoading } = useClassesAndYears();
  const [classId, setClassId] = useState<number | undefined>();
  const [yearId, setYearId] = useState<number | undefined>();
  const year = yearId ?? years.find((y) => y.status === ACYEAR_STATUS.ENABLED)?.id ?? years[0]?.id;
  const ready = !!classId && !!year;
  const { result, query } = useDeclaredQuery('student-modules.list', { params: { class: classId ?? 0, ac_year: year ?? 0 } }, { enabled: ready });
  const rows = useMemo(() => (ready && Array.isArray(result?.data) ? result.data as Row[] : []), [ready, result]);
  const [allowed, setAllowed] = useState<Record<number, boolean>>({});
  useEffect(() => { setAllowed(Object.fromEntries(rows.map((r) => [r.student_id, r.module_status]))); }, [rows]);
  const save = useDeclaredCall('student-modules.save');
  const all = rows.length > 0 && rows.every((r) => allowed[r.student_id]);
  return (
    <Card title="Access List" size="small">
      <Form layout="inline" style={{ rowGap: 8, marginBottom: 16 }}>
        <Form.Item label="Academic Year" htmlFor="vc-access-year">
          <Select id="vc-access-year" {...PICKER} style={{ minWidth: 140 }} loading={yearsLoading} value={year}
            options={years.map((y) => ({ value: y.id, label: y.name }))} onChange={(v: number) => setYearId(v)} />
        </Form.Item>
        <Form.Item label="Class" htmlFor="vc-access-class">
          <Select id="vc-access-class" {...PICKER} placeholder="Select class" style={{ minWidth: 160 }} loading={classesLoading}
            options={classes.map((c) => ({ value: c.id, label: classSectionLabel(c) }))} value={classId} onChange={(v: number) => setClassId(v)} />
        </Form.Item>
      </Form>
      <Table<Row>
        rowKey="student_id" size="small" loading={ready && query.isLoading} dataSource={rows} pagination={false} scroll={{ x: true }}
        locale={{ emptyText: <Typography.Text type="secondary">{ready ? 'No students in this class' : 'Select a class'}</Typography.Text> }}
        columns={[
          {
            title: <Checkbox checked={all} indeterminate={!all && rows.some((r) => allowed[r.student_id])} aria-label="Allow all"
              onChange={(e) => setAllowed(Object.fromEntries(rows.map((r) => [r.student_id, e.target.checked])))}>Allowed</Checkbox>,
            key: 'allowed', width: 120,
            render: (_: unknown, r) => <Checkbox checked={!!allowed[r.student_id]} aria-label={`Allow ${r.fullname}`} onChange={(e) => setAllowed((a) => ({ ...a, [r.student_id]: e.target.checked }))} />,
          },
          { title: 'Student', dataIndex: 'fullname' },
          { title: 'Admission No', dataIndex: 'admission_no' },
        ]}
      />
      {canSave && ready && rows.length > 0 && (
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" onClick={async () => {
            await save({ params: { class: classId! }, body: { students: rows.map((r) => ({ student_id: r.student_id, module_name: 'virtual_classroom' as const, module_status: !!allowed[r.student_id] })) } });
            await query.refetch();
          }}>Save</Button>
        </Space>
      )}
    </Card>
  );
}
