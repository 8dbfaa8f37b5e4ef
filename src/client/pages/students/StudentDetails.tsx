import type { PageProps } from '../registry.js';

export default function StudentDetails(_props: PageProps) {
  return null;
}
