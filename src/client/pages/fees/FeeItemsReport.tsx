/**
 * Fee items report (/fees/item/reports): what each fee item was billed in a class and academic
 * year between two days (the fee items report call), as
 * a table with its pie chart and a CSV.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Card, Col, Form, Row, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import type { PageProps } from '../registry.js';
import { useDeclaredCall } from '../../framework/useDeclaredCall.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { ClassesItem, YearItem, useClassYearChoices } from '../reports/classYearForm.js';
import { FeePieChart } from './FeePieChart.js';
import { CsvButton, DateRangeItem, FeeItemsTable, ReportForm, useCsvExport } from './reportParts.js';
import { FEE_ITEM_CSV, classFilePart, isoDay, itemStudentsLink, type FeeItemRow } from './reportsModel.js';

interface Values { class_id: number; ac_year_id: number; range: [Dayjs, Dayjs] }

export default function FeeItemsReport(_props: PageProps) {
  const [form] = Form.useForm<Values>();
  const itemsReport = useDeclaredCall('fee-payments.itemsReport', { errorToast: false });
  const exportCsv = useCsvExport();
  const choices = useClassYearChoices(form);
  const [shown, setShown] = useState<{ rows: FeeItemRow[]; filename: string; classId: number; yearId: number } | null>(null);
  const { busy, run } = useBusyAction();

  const load = (v: Values) => {
    const [start, end] = [isoDay(v.range[0]), isoDay(v.range[1])];
    return run(async () => {
      const rows = await itemsReport({ query: { class_id: String(v.class_id), ac_year_id: String(v.ac_year_id), start_date: start, end_date: end } });
      setShown({
        rows: Array.isArray(rows) ? rows : [], classId: v.class_id, yearId: v.ac_year_id,
        filename: `fee_items_report_class_${classFilePart(choices.classById(v.class_id), v.class_id)}_${start}_${end}.csv`,
      });
    });
  };

  return (
    <Card
      title="Fee Items Report"
      extra={(
        <Space wrap>
          <Link to="/fees/items/">Fee Items</Link>
          <Link to="/fees/reports/">Fee Reports</Link>
          <CsvButton onClick={() => shown && exportCsv(shown.filename, FEE_ITEM_CSV, shown.rows)} disabled={shown === null} />
        </Space>
      )}
    >
      <ReportForm<Values> form={form} name="fee-items-report" onFinish={load} busy={busy}>
        <ClassesItem choices={choices} />
        <YearItem choices={choices} />
        <DateRangeItem />
      </ReportForm>
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={14}>
          <FeeItemsTable
            rows={shown?.rows ?? []} loading={busy}
            link={shown ? (r) => itemStudentsLink(shown.classId, shown.yearId, r) : undefined}
            emptyText={shown === null ? 'Choose a class, a year and the dates, then Show' : 'No fees billed in these days'}
          />
        </Col>
        <Col xs={24} xl={10}>{shown && <FeePieChart rows={shown.rows} />}</Col>
      </Row>
    </Card>
  );
}
