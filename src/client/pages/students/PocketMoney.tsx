import type { PageProps } from '../registry.js';

export default function PocketMoney(_props: PageProps) {
  return null;
}
