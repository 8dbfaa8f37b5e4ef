/**
 * What follows a gateway's result: POST /fees/online/pay/, then the receipt on success
 * (TXN_SUCCESS), 'Fee payment cancelled by user!' when the payer closed the gateway, and the
 * 'Payment Failed' screen with the order id, status and amount otherwise.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Button, Descriptions, Result } from 'antd';
import { formatMoney } from '../../../framework/format.js';
import { useDeclaredCall } from '../../../framework/useDeclaredCall.js';
import { ONLINE_MESSAGES, resultBody, type PayResult } from './onlinePayModel.js';

export function usePaymentOutcome(opts: { onCancelled?: (feeId: number) => void } = {}) {
  // A payment's success is told by the server's message; a refusal goes to the caller.
  const postResult = useDeclaredCall('fee-payments.onlineResult', { errorToast: false });
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const [failed, setFailed] = useState<PayResult | null>(null);

  /** Posts the result; resolves with the server's answer after showing it. */
  const finish = async (order: { order_id: string; fee_id: number; id?: number }, mode: string, result: unknown): Promise<PayResult> => {
    const answer = await postResult({ body: resultBody(order, mode, result) });
    if (answer.status === 'TXN_SUCCESS') {
      navigate(`/fees/receipt/${answer.fee_id}`);
    } else if (answer.cancelled) {
      notification.warning({ message: ONLINE_MESSAGES.cancelled });
      opts.onCancelled?.(answer.fee_id);
    } else {
      setFailed(answer);
    }
    return answer;
  };

  return { failed, finish, clearFailed: () => setFailed(null) };
}

export function PaymentFailed({ result, onRetry }: { result: PayResult; onRetry: () => void }) {
  const navigate = useNavigate();
  return (
    <Result
      status="error"
      title="Payment Failed"
      subTitle={result.message && result.message !== 'Payment failed' ? result.message : 'The payment did not go through. No amount was credited to the bill.'}
      extra={[
        <Button key="retry" type="primary" onClick={onRetry}>Try Again</Button>,
        <Button key="fees" onClick={() => navigate('/fees/')}>Back to Fees</Button>,
      ]}
    >
      <Descriptions bordered size="small" column={1} style={{ maxWidth: 480, margin: '0 auto' }}>
        <Descriptions.Item label="Order ID"><span data-testid="failed-order-id">{result.order_id}</span></Descriptions.Item>
        <Descriptions.Item label="Status"><span data-testid="failed-status">{result.status}</span></Descriptions.Item>
        <Descriptions.Item label="Amount"><span data-testid="failed-amount">{formatMoney(result.amount)}</span></Descriptions.Item>
      </Descriptions>
    </Result>
  );
}
