/**
 * /payroll/view/{id}: a payslip as printed (the school's head, the days, earnings and
 * deductions with their totals, the net pay), with Print and Download PDF, the installments
 * paid, and for the payroll staff the installment form while more than ₹1 remains (spec 2 §4).
 * Opened with ?print=1 (the employee's Print), the print dialog opens once it is drawn.
 */
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Alert, Button, Card, Col, Descriptions, Row, Space, Table, Typography } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { download } from '../../framework/csv.js';
import { formatDate, formatMoney } from '../../framework/format.js';
import { readState } from '../../framework/readState.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { useDeclaredCall, useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { amountInWords } from '../../../shared/money.js';
import { CREDIT, DEBIT } from '../../../shared/payroll.js';
import { PrintSheet, SchoolHead, printSoon } from '../PrintSheet.js';
import { monthLabel } from './payrollFormat.js';
import { PayInstallment } from './PayInstallment.js';

type Slip = CallData<'payslips.view'>;

export default function Payslip({ resource }: PageProps) {
  const { id } = useParams();
  const slipId = Number(id);
  const [search] = useSearchParams();
  const { result, query } = useDeclaredQuery('payslips.view', { params: { id: slipId } }, { enabled: Number.isInteger(slipId) });
  const school = useDeclaredQuery('school.about', {}, { errorToast: false });
  const canPay = usePageButton(resource, 'view', 'pay');
  const pdf = useDeclaredCall('payslips.pdf');
  const { busy, run } = useBusyAction();
  const ready = Boolean(result?.data) && !school.query.isLoading;
  const wantsPrint = search.get('print') === '1';
  useEffect(() => { if (ready && wantsPrint) printSoon(); }, [ready, wantsPrint]);
  const state = readState(query, 'Payroll entry not found', Boolean(result?.data));
  if (state) return state;
  const slip = result!.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%', maxWidth: 900 }}>
      <Card
        title={`Payslip: ${slip.emp_name}, ${monthLabel(slip.month_year)}`}
        extra={(
          <Space wrap className="no-print">
            <Button icon={<PrinterOutlined />} onClick={printSoon}>Print</Button>
            <Button icon={<DownloadOutlined />} loading={busy} onClick={() => run(async () => {
              const file = await pdf({ params: { id: slipId } });
              download(file.path, file.name);
            })}>PDF</Button>
          </Space>
        )}
      >
        <PrintSheet testId="payslip-sheet">
          <SchoolHead school={school.result?.data} />
          <Sheet slip={slip} />
        </PrintSheet>
      </Card>
      <Card title="Installments" size="small">
        <Table
          rowKey="id" size="small" dataSource={slip.installments} pagination={false} scroll={{ x: true }}
          locale={{ emptyText: 'Nothing paid yet' }}
          columns={[
            { title: 'Date', dataIndex: 'date', render: (v: string) => formatDate(v, 'DD-MM-YYYY') },
            { title: 'Amount', dataIndex: 'amount', align: 'right', render: formatMoney },
            { title: 'Mode', dataIndex: 'payment_mode' },
            { title: 'Account', dataIndex: 'account', responsive: ['sm'] },
            { title: 'Details', dataIndex: 'payment_mode_details', responsive: ['md'] },
          ]}
        />
      </Card>
      {canPay && slip.can_pay && <PayInstallment slip={slip} onPaid={() => query.refetch()} />}
      {canPay && !slip.can_pay && <Alert type="success" showIcon message="This payroll is paid." />}
    </Space>
  );
}

function Sheet({ slip }: { slip: Slip }) {
  const lines = slip.extras.payslip;
  const column = (type: number, title: string, total: number) => (
    <Col xs={24} sm={12}>
      <table className="payslip-items" style={{ width: '100%', borderCollapse: 'collapse' }} aria-label={title}>
        <thead>
          <tr style={{ background: '#f5f5f5' }}><th style={{ textAlign: 'left', padding: 6 }}>{title}</th><th style={{ textAlign: 'right', padding: 6 }}>Amount</th></tr>
        </thead>
        <tbody>
          {lines.filter((l) => l.type === type).map((l) => (
            <tr key={l.key} style={{ borderBottom: '1px solid #eee' }} data-testid={`payslip-${l.key}`}>
              <td style={{ padding: 6 }}>{l.item_name}</td><td style={{ padding: 6, textAlign: 'right' }}>{formatMoney(l.value)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr><th style={{ textAlign: 'left', padding: 6 }}>Total {title}</th><th style={{ textAlign: 'right', padding: 6 }}>{formatMoney(total)}</th></tr>
        </tfoot>
      </table>
    </Col>
  );
  return (
    <>
      <h2 style={{ textAlign: 'center', margin: '4px 0 12px' }}>Payslip for {monthLabel(slip.month_year)}</h2>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label="Employee">{slip.emp_name}</Descriptions.Item>
        <Descriptions.Item label="Designation">{slip.job_title ?? ''}</Descriptions.Item>
        <Descriptions.Item label="Total Days">{slip.total_days}</Descriptions.Item>
        <Descriptions.Item label="Absent Days">{slip.absent_days}</Descriptions.Item>
        <Descriptions.Item label="Present Days">{slip.present_days}</Descriptions.Item>
        <Descriptions.Item label="Monthly CTC">{formatMoney(slip.ctc)}</Descriptions.Item>
        {slip.note && <Descriptions.Item label="Note" span={2}><span data-testid="payslip-note">{slip.note}</span></Descriptions.Item>}
      </Descriptions>
      <Row gutter={[16, 12]}>
        {column(CREDIT, 'Earnings', slip.total_credit)}
        {column(DEBIT, 'Deductions', slip.total_debit)}
      </Row>
      <div style={{ marginTop: 16 }}>
        <Typography.Title level={5} style={{ margin: 0 }} data-testid="payslip-total">Net Pay: {formatMoney(slip.total)}</Typography.Title>
        <Typography.Text>{amountInWords(slip.total)}</Typography.Text>
      </div>
      <Descriptions size="small" column={{ xs: 1, sm: 3 }} style={{ marginTop: 12 }}>
        <Descriptions.Item label="Paid"><span data-testid="payslip-paid">{formatMoney(slip.amount_paid)}</span></Descriptions.Item>
        <Descriptions.Item label="Pending"><span data-testid="payslip-pending">{formatMoney(slip.pending)}</span></Descriptions.Item>
        <Descriptions.Item label="Payment Date">{slip.payment_date ? formatDate(slip.payment_date, 'DD-MM-YYYY') : ''}</Descriptions.Item>
      </Descriptions>
    </>
  );
}
