import type { PageProps } from '../registry.js';

export default function PromoteStudents(_props: PageProps) {
  return null;
}
