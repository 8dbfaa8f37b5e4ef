// Placeholder until the screen is built.
export default function FeeBilling() {
  return null;
}
