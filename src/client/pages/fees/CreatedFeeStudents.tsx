// Placeholder until the screen is built.
export default function CreatedFeeStudents() {
  return null;
}
