import { useCustom } from '@refinedev/core';

/** GET /backup-status/ (super admins only): the last backup covering this school. */
export interface BackupRunView {
  at: string;
  ok: boolean;
  size: number | null;
  reason: string;
  message: string;
  file: string | null;
  uploaded: string | null;
}

export interface BackupStatusView {
  last: BackupRunView | null;
  last_good: BackupRunView | null;
  /** Set while the last backup failed, none was made, or the last is too old. */
  warning: string | null;
  schedule: string;
}

export const BACKUP_STATUS_URL = '/backup-status/';

export function useBackupStatus(enabled: boolean) {
  const { result, query } = useCustom<BackupStatusView>({
    url: BACKUP_STATUS_URL, method: 'get',
    // The banner must not interrupt every page with error toasts when the call fails.
    errorNotification: false,
    queryOptions: { enabled, refetchInterval: 10 * 60_000 },
  });
  return { status: result?.data as BackupStatusView | undefined, loading: query.isLoading };
}

export function formatBytes(n: number | null): string {
  if (n === null) return '—';
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} kB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
