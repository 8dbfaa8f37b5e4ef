import type { PageProps } from '../registry.js';

export default function StudentAdd(_props: PageProps) {
  return null;
}
