// Placeholder until the screen is built.
export default function FeeReports() {
  return null;
}
