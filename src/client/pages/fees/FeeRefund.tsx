// Placeholder until the screen is built.
export default function FeeRefund() {
  return null;
}
