import type { PageProps } from '../registry.js';

export default function MultiClassReport(_props: PageProps) {
  return null;
}
