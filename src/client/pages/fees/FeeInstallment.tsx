// Placeholder until the screen is built.
export default function FeeInstallment() {
  return null;
}
