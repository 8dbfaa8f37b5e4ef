/**
 * The bill that a payment screen acts on (staff installment, refund, the parent's online
 * payment): loaded from its receipt, and its figures above the form, so each screen shows the
 * bill the same way and reads it from one call.
 */
import { Descriptions } from 'antd';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { formatMoney } from '../../framework/format.js';
import { toRupees } from '../../../shared/money.js';
import { FIGURE_LABELS, billState, type FeeReceiptData } from './feesModel.js';
import { classSectionLabel } from '../../framework/labels.js';

/** Bill {id} as its receipt call answers it; nothing is asked for an id that is not one. */
export function useBill(id: number) {
  const { result, query } = useDeclaredQuery('fee-payments.receipt', { params: { id } }, { enabled: Number.isInteger(id) });
  return { bill: result?.data, loading: query.isLoading, refetch: () => query.refetch() };
}

/**
 * Bill name and number, class, total before discount, discount, payable after it, and paid; with
 * `pendingTestId`, also the pending amount (what may still be paid; a refund leaves it out, it
 * gives back what was paid). The figures are the server's, named as on every fee screen.
 */
export function BillSummary({ bill, pendingTestId }: { bill: FeeReceiptData; pendingTestId?: string }) {
  const state = billState(bill.payment);
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 2 }} bordered style={{ marginBottom: 16 }}>
      <Descriptions.Item label="Bill">{bill.payment.name ?? ''} (#{bill.payment.id})</Descriptions.Item>
      <Descriptions.Item label="Class">{classSectionLabel(bill.class)}</Descriptions.Item>
      <Descriptions.Item label={FIGURE_LABELS.gross}>{formatMoney(toRupees(state.grossPaise))}</Descriptions.Item>
      <Descriptions.Item label={FIGURE_LABELS.discount}>{formatMoney(toRupees(state.discountPaise))}</Descriptions.Item>
      <Descriptions.Item label={FIGURE_LABELS.payable}>{formatMoney(toRupees(state.totalPaise))}</Descriptions.Item>
      <Descriptions.Item label={FIGURE_LABELS.paid}>{formatMoney(toRupees(state.paidPaise))}</Descriptions.Item>
      {pendingTestId && (
        <Descriptions.Item label={FIGURE_LABELS.pending}><b data-testid={pendingTestId}>{formatMoney(toRupees(state.pendingPaise))}</b></Descriptions.Item>
      )}
    </Descriptions>
  );
}
