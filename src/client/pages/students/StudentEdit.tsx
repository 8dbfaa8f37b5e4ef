import type { PageProps } from '../registry.js';

export default function StudentEdit(_props: PageProps) {
  return null;
}
