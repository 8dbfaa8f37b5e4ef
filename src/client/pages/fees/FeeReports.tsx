/**
 * Fee reports of a class and academic year (/fees/reports/): the Today, This Week, This Month
 * and Total cards (collected and billed: the class report with type=card), the fee items table
 * with its pie chart (the class report), CSV exports of the fee items and of the students' fees
 * (the class fee list), and links to the other
 * fee reports, and the class's Due Alert SMS (counted, then confirmed, then sent).
 */
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Col, Modal, Row, Space, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useClassesAndYears } from '../useClassesAndYears.js';
import type { PageProps } from '../registry.js';
import { PickerFilter, useAwaitingPreselect, type FilterDef } from '../../framework/list/PickerFilter.js';
import { loadFilter, saveFilter } from '../../framework/list/filterStore.js';
import { formatDateTime, formatMoney } from '../../framework/format.js';
import { sameValue } from '../../framework/calls.js';
import { counted } from '../../../shared/plural.js';
import { classSectionLabel } from '../../framework/labels.js';
import { usePageButton } from '../../framework/useAccess.js';
import { resourceByName } from '../../../shared/registry.js';
import { useDueAlerts } from './useDueAlerts.js';
import { useDeclaredCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { FeePieChart } from './FeePieChart.js';
import { FeeItemsTable, Money, useCsvExport } from './reportParts.js';
import { ENABLED_YEAR } from '../../../shared/years.js';
import {
  FEE_ITEM_CSV, STUDENT_FEES_CSV, cardFigures, feeItemsFilename, itemStudentsLink, studentFeesFilename,
  type CardFigure, type CardPayment, type FeeItemRow,
} from './reportsModel.js';

const STORE = 'fee-reports';
const CLASS_FILTER: FilterDef = { field: 'class_id', resource: 'classes', label: 'Class', remember: true, required: true };
const YEAR_FILTER: FilterDef = { field: 'ac_year_id', resource: 'acyears', label: 'Academic Year', required: true, preselect: ENABLED_YEAR };

export default function FeeReports(_props: PageProps) {
  const classList = useDeclaredCall('fee-payments.classList');
  const exportCsv = useCsvExport();
  const [classId, setClassId] = useState<unknown>(() => loadFilter(STORE, CLASS_FILTER.field));
  const [yearId, setYearId] = useState<unknown>();
  const [listed, setListed] = useState<CardFigure | null>(null);
  const [exporting, setExporting] = useState(false);
  const pickClass = useCallback((v: unknown) => { saveFilter(STORE, CLASS_FILTER.field, v); setClassId(v); }, []);

  const ready = Boolean(classId) && Boolean(yearId);
  const yearComing = useAwaitingPreselect(YEAR_FILTER, yearId);
  const missing = [!classId && CLASS_FILTER.label, !yearId && !yearComing && YEAR_FILTER.label].filter(Boolean);
  const params = { class_id: Number(classId), ac_year_id: Number(yearId) };
  const cards = useDeclaredQuery('fee-payments.classReport', { params, query: { type: 'card' } }, { enabled: ready });
  const items = useDeclaredQuery('fee-payments.classReport', { params }, { enabled: ready });
  const { classes, years } = useClassesAndYears();
  const klass = classes.find((c) => sameValue(c.id, classId));
  const year = years.find((y) => sameValue(y.id, yearId));
  const canAlert = usePageButton(resourceByName('fee-payments'), 'reports', 'alert');
  const alerts = useDueAlerts();
  const alertClass = () => alerts.alertClass({ class_id: Number(classId), ac_year_id: Number(yearId) }, `${classSectionLabel(klass)} ${year?.name ?? ''}`.trim());

  // With ?type=card the class report answers the cards; without it, the fee items table.
  const figures = useMemo(() => cardFigures(ready && cards.result?.data && !Array.isArray(cards.result.data) ? cards.result.data : undefined), [ready, cards.result]);
  const itemRows = useMemo(() => (ready && Array.isArray(items.result?.data) ? (items.result.data as FeeItemRow[]) : []), [ready, items.result]);

  const exportItems = () => exportCsv(feeItemsFilename(klass, classId), FEE_ITEM_CSV, itemRows);
  const exportStudents = async () => {
    setExporting(true);
    try {
      const rows = await classList({ params });
      exportCsv(studentFeesFilename(klass, classId), STUDENT_FEES_CSV, Array.isArray(rows) ? rows : []);
    } catch {
      // Refused: the server's words are shown.
    } finally {
      setExporting(false);
    }
  };
  const reload = () => { void cards.query.refetch(); void items.query.refetch(); };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title="Fee Reports"
        extra={(
          <Space wrap>
            <Link to="/fees/installments/report">Installment Reports</Link>
            <Link to="/reports/multi-class/fees">Multi Class Reports</Link>
            <Link to="/fees/item/reports">Fee Items Report</Link>
          </Space>
        )}
      >
        <Space wrap>
          <PickerFilter def={CLASS_FILTER} idPrefix={STORE} value={classId} onChange={pickClass} />
          <PickerFilter def={YEAR_FILTER} idPrefix={STORE} value={yearId} onChange={setYearId} />
          <Button icon={<ReloadOutlined />} onClick={reload} disabled={!ready} aria-label="Reload">Reload</Button>
          {canAlert && <Button onClick={alertClass} disabled={!ready} loading={alerts.busy === 'alert-class'}>Due Alert SMS</Button>}
        </Space>
      </Card>
      {!ready ? (
        // Named only once a picker is really empty, not while the year picker finds the enabled year.
        missing.length > 0 && <Alert type="info" showIcon message={`Please select ${missing.join(', ')}`} />
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {figures.map((f) => (
              <Col key={f.key} xs={24} sm={12} lg={6}>
                <Card title={f.title} size="small" loading={cards.query.isLoading} data-testid={`fee-card-${f.key}`}>
                  <Statistic title="Collected" value={formatMoney(f.paid)} />
                  <div style={{ marginTop: 8 }}>
                    <Typography.Text type="secondary">Billed </Typography.Text>
                    <Typography.Text data-testid="billed">{formatMoney(f.total)}</Typography.Text>
                  </div>
                  <div>
                    <Typography.Text type="secondary">Pending </Typography.Text>
                    <Typography.Text data-testid="pending">{formatMoney(f.pending)}</Typography.Text>
                  </div>
                  <Button type="link" size="small" style={{ padding: 0 }} disabled={f.list.length === 0} onClick={() => setListed(f)}>
                    {counted(f.list.length, 'payment')}
                  </Button>
                </Card>
              </Col>
            ))}
          </Row>
          <Card
            title="Fee Items"
            extra={(
              <Space wrap>
                <Button icon={<DownloadOutlined />} onClick={exportItems}>Export Fee Items</Button>
                <Button icon={<DownloadOutlined />} onClick={exportStudents} loading={exporting}>Export Student Fees</Button>
              </Space>
            )}
          >
            <Row gutter={[24, 24]}>
              <Col xs={24} xl={14}>
                <FeeItemsTable rows={itemRows} loading={items.query.isFetching} link={(r) => itemStudentsLink(classId, yearId, r)} emptyText={items.query.isFetching ? ' ' : 'No fees billed in this class and year'} />
              </Col>
              <Col xs={24} xl={10}>
                {!items.query.isLoading && <FeePieChart rows={itemRows} />}
              </Col>
            </Row>
          </Card>
        </>
      )}
      <Modal open={listed !== null} title={listed ? `Payments: ${listed.title}` : ''} footer={null} width={760} onCancel={() => setListed(null)}>
        {listed && <CardPayments rows={listed.list} />}
      </Modal>
    </Space>
  );
}

/** The payments a card counts (the newest 50). */
function CardPayments({ rows }: { rows: CardPayment[] }) {
  const columns: ColumnsType<CardPayment> = [
    { key: 'receipt_no', dataIndex: 'receipt_no', title: 'Receipt No' },
    { key: 'fullname', title: 'Student', render: (_v, r) => <Link to={`/fees/records/${r.student_id}`}>{r.fullname}</Link> },
    { key: 'paid_amount', title: 'Amount', align: 'right', render: (_v, r) => <Money value={r.paid_amount} /> },
    { key: 'mode', dataIndex: 'mode', title: 'Mode' },
    { key: 'timestamp', title: 'Date', render: (_v, r) => formatDateTime(r.timestamp) },
    { key: 'receipt', title: '', render: (_v, r) => <Link to={`/fees/receipt/${r.payment_id}`}>Receipt</Link> },
  ];
  return <Table<CardPayment> rowKey="id" size="small" columns={columns} dataSource={rows} pagination={false} scroll={{ x: true }} />;
}
