import { Alert, Descriptions, Spin, Tag } from 'antd';
import { formatDateTime } from '../../framework/format.js';
import { formatBytes, useBackupStatus } from '../../app/layout/backupStatus.js';

const REASONS: Record<string, string> = { schedule: 'Daily backup', upgrade: 'Before an upgrade', command: 'Made by the operator' };

/** The super admin's view of backups on the Settings screen: the last one's time, size and result. */
export function BackupStatusCard() {
  const { status, loading } = useBackupStatus(true);
  if (loading) return <Spin style={{ display: 'block', margin: 16 }} />;
  if (!status) return <Alert type="error" showIcon message="Could not load the backup status." />;
  const last = status.last;
  return (
    <div data-testid="backup-status">
      <h3 style={{ marginTop: 16 }}>Backups</h3>
      {status.warning && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={status.warning} />}
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="Last backup">{last ? formatDateTime(last.at) : 'None yet'}</Descriptions.Item>
        <Descriptions.Item label="Result">
          {last ? (<>{last.ok ? <Tag color="green">Succeeded</Tag> : <Tag color="red">Failed</Tag>} {last.message}</>) : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="Size">{formatBytes(last?.size ?? null)}</Descriptions.Item>
        {last && <Descriptions.Item label="Made by">{REASONS[last.reason] ?? last.reason}</Descriptions.Item>}
        {status.last_good && !last?.ok && <Descriptions.Item label="Last good backup">{formatDateTime(status.last_good.at)}</Descriptions.Item>}
        <Descriptions.Item label="Schedule">{status.schedule}</Descriptions.Item>
      </Descriptions>
    </div>
  );
}
