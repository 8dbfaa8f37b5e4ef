/**
 * For the super admin, on every screen while the last backup failed, none was made, or the last
 * is too old: the warning stays until a backup succeeds.
 */
import { Alert } from 'antd';
import { Link } from 'react-router';
import { roleMayCall } from '../../../shared/calls.js';
import { useSession } from '../SessionContext.js';
import { useBackupStatus } from './backupStatus.js';

export function BackupNotice() {
  const { user } = useSession();
  const superAdmin = roleMayCall('school.backupStatus', user.role);
  const { status } = useBackupStatus(superAdmin);
  if (!superAdmin || !status?.warning) return null;
  return (
    <Alert
      banner
      type="error"
      data-testid="backup-notice"
      message={<>Backups: {status.warning} <Link to="/settings" style={{ textDecoration: 'underline' }}>See backups</Link></>}
    />
  );
}
