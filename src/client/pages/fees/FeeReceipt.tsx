// Placeholder until the screen is built.
export default function FeeReceipt() {
  return null;
}
