// Placeholder until the screen is built.
export default function FeeItemsReport() {
  return null;
}
