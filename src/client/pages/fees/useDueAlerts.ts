/**
 * Due-alert SMS with a confirmation: the server first counts what would be sent (nothing goes
 * out), the person confirms that, then the alert is sent. For a bill and for a class and year.
 */
import { useState } from 'react';
import { App } from 'antd';
import { errorText } from '../../framework/useCall.js';
import { useDeclaredCall } from '../../framework/useDeclaredCall.js';
import { NO_ONE_TO_ALERT, billAlertQuestion, yearAlertQuestion } from './dueAlertModel.js';

export function useDueAlerts() {
  const { modal, notification } = App.useApp();
  const quiet = { toast: false, errorToast: false };
  const billPreview = useDeclaredCall('fee-payments.dueAlertPreview', quiet);
  const billAlert = useDeclaredCall('fee-payments.dueAlert');
  const yearPreview = useDeclaredCall('fee-payments.yearAlertPreview', quiet);
  const yearAlert = useDeclaredCall('fee-payments.yearAlert');
  const [busy, setBusy] = useState<string | null>(null);

  const confirmThenSend = async (key: string, ask: () => Promise<string | null>, send: () => Promise<unknown>) => {
    setBusy(key);
    let question: string | null;
    try {
      question = await ask();
    } catch (e) {
      notification.error({ message: errorText(e) });
      return;
    } finally {
      setBusy(null);
    }
    if (question === null) {
      notification.info({ message: NO_ONE_TO_ALERT });
      return;
    }
    modal.confirm({
      title: 'Due Alert SMS', content: question, okText: 'Send', cancelText: 'Cancel',
      onOk: async () => {
        // The call shows the server's message, or its refusal.
        await send().catch(() => undefined);
      },
    });
  };

  return {
    busy,
    /** A bill's alert: to the student's mobile and their SMS-enabled contacts. */
    alertBill: (paymentId: number) => confirmThenSend(
      `alert-${paymentId}`,
      async () => billAlertQuestion(await billPreview({ params: { payment_id: paymentId } })),
      () => billAlert({ params: { payment_id: paymentId } }),
    ),
    /** Every student with dues in a class and year; `scope` names them in the question ('5 - A 2026-27'). */
    alertClass: (body: { class_id: number; ac_year_id: number }, scope: string) => confirmThenSend(
      'alert-class',
      async () => yearAlertQuestion(await yearPreview({ body }), scope),
      () => yearAlert({ body }),
    ),
  };
}
