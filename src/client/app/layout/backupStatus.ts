import { useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';

/** The last backup covering this school (`school.backupStatus`, super admins only). */
export type BackupStatusView = CallData<'school.backupStatus'>;

export function useBackupStatus(enabled: boolean) {
  // The banner must not interrupt every page with error toasts when the call fails.
  const { result, query } = useDeclaredQuery('school.backupStatus', {}, { enabled, errorToast: false, refetchInterval: 10 * 60_000 });
  return { status: result?.data as BackupStatusView | undefined, loading: query.isLoading };
}

export function formatBytes(n: number | null): string {
  if (n === null) return '—';
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} kB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
