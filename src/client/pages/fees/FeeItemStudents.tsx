// Placeholder until the screen is built.
export default function FeeItemStudents() {
  return null;
}
