import type { PageProps } from '../registry.js';

export default function AppUsersReport(_props: PageProps) {
  return null;
}
