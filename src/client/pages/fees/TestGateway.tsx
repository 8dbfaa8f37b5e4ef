// Placeholder until the screen is built.
export default function TestGateway() {
  return null;
}
