import { useState } from 'react';
import { App } from 'antd';
import { errorText } from './useCall.js';

/**
 * One action behind a busy button: a problem found before calling is shown instead of the
 * call; a failed call shows the server's words (or goes to `failed`). So a screen writes only
 * its check and its call, and every such screen refuses and fails alike.
 */
export function useBusyAction() {
  const { notification } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async (
    action: () => Promise<unknown>,
    { problem, failed }: { problem?: string | null; failed?: (message: string) => void } = {},
  ): Promise<void> => {
    if (problem) {
      notification.error({ message: problem });
      return;
    }
    setBusy(true);
    try {
      await action();
    } catch (e) {
      if (failed) failed(errorText(e));
      else notification.error({ message: errorText(e) });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
