import type { PageProps } from '../registry.js';

export default function StudentList(_props: PageProps) {
  return null;
}
