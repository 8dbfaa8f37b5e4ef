// Placeholder until the screen is built.
export default function InstallmentsReport() {
  return null;
}
