// Placeholder until the online payment screen is built (owned by the online payment work).
/** What FeeInstallment passes for a parent (role 1) on /fees/pay/installment/:id: the bill id. */
export interface OnlinePayProps { paymentId: number }

export default function OnlinePay(_props: OnlinePayProps) {
  return null;
}
