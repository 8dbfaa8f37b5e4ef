import { Alert, Card } from 'antd';
import type { ReactNode } from 'react';

/**
 * What a screen shows in place of a read's answer while there is none to show: a loading card,
 * or the failure in `failed` (also when the answer came but is not what the screen needs, `ok`
 * false). Null once the screen can draw the answer.
 */
export function readState(query: { isLoading: boolean; isError: boolean }, failed: string, ok = true): ReactNode | null {
  if (query.isLoading) return <Card loading />;
  if (query.isError || !ok) return <Alert type="error" showIcon message={failed} />;
  return null;
}
