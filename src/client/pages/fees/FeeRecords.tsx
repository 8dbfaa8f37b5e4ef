// Placeholder until the screen is built.
export default function FeeRecords() {
  return null;
}
