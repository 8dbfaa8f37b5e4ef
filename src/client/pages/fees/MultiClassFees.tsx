// Placeholder until the screen is built.
export default function MultiClassFees() {
  return null;
}
