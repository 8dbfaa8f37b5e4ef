import path from 'node:path';

/** Where backups go and when they are made, read from the environment. */
export interface BackupSettings {
  /** BACKUP_DIR, default ./backups. */
  dir: string;
  /** BACKUP_TIME, HH:MM school time (Asia/Kolkata), default 02:00; BACKUP_TIME=off turns the schedule off. */
  time: string | null;
  timeZone: string;
  keep: { daily: number; weekly: number; monthly: number };
  /** A backup older than this many hours is "too old" for the warning (a day and a bit). */
  staleHours: number;
}

const count = (v: string | undefined, d: number) => (v !== undefined && /^\d+$/.test(v) ? Number(v) : d);

export function backupSettings(env: NodeJS.ProcessEnv = process.env): BackupSettings {
  const time = (env.BACKUP_TIME ?? '02:00').trim();
  if (time !== 'off' && !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) throw new Error(`BACKUP_TIME: "${time}" is not a time of day (HH:MM) or off`);
  return {
    dir: path.resolve(env.BACKUP_DIR ?? './backups'),
    time: time === 'off' ? null : time,
    timeZone: env.BACKUP_TIME_ZONE ?? 'Asia/Kolkata',
    keep: { daily: count(env.BACKUP_KEEP_DAILY, 7), weekly: count(env.BACKUP_KEEP_WEEKLY, 4), monthly: count(env.BACKUP_KEEP_MONTHLY, 12) },
    staleHours: count(env.BACKUP_STALE_HOURS, 26),
  };
}
