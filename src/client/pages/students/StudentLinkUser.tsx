import type { PageProps } from '../registry.js';

export default function StudentLinkUser(_props: PageProps) {
  return null;
}
