import fs from 'node:fs';
import path from 'node:path';
import { BACKUP_NAME } from './dump.js';
import type { BackupSettings } from './settings.js';

/** The moment a backup name says it was taken. */
export function takenAt(name: string): Date | null {
  const m = BACKUP_NAME.exec(name);
  if (!m) return null;
  const s = m[1]!;
  return new Date(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`);
}

/** Day, ISO week and month of a moment in the school's time zone. */
function buckets(at: Date, timeZone: string) {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  const d = new Date(`${day}T00:00:00Z`);
  const weekday = (d.getUTCDay() + 6) % 7;
  const thursday = new Date(d.getTime() + (3 - weekday) * 86_400_000);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = `${thursday.getUTCFullYear()}-W${Math.ceil(((thursday.getTime() - yearStart) / 86_400_000 + 1) / 7)}`;
  return { day, week, month: day.slice(0, 7) };
}

/**
 * Which backups the rule keeps: the newest of each of the latest `daily` days, `weekly` weeks
 * and `monthly` months (in school time), counted separately for the all-schools backups and
 * each school's own. Everything else may go.
 */
export function backupsToKeep(names: string[], keep: BackupSettings['keep'], timeZone: string): Set<string> {
  const kept = new Set<string>();
  const groups = new Map<string, Array<{ name: string; at: Date }>>();
  for (const name of names) {
    const at = takenAt(name);
    if (!at) continue;
    const group = BACKUP_NAME.exec(name)![2] ?? '';
    groups.set(group, [...(groups.get(group) ?? []), { name, at }]);
  }
  for (const list of groups.values()) {
    list.sort((a, b) => b.at.getTime() - a.at.getTime());
    for (const [kind, count] of [['day', keep.daily], ['week', keep.weekly], ['month', keep.monthly]] as const) {
      const seen = new Set<string>();
      for (const b of list) {
        const bucket = buckets(b.at, timeZone)[kind];
        if (seen.has(bucket)) continue;
        if (seen.size >= count) break;
        seen.add(bucket);
        kept.add(b.name);
      }
    }
  }
  return kept;
}

/** Applies the rule to BACKUP_DIR, and clears files a killed backup left half written a day ago. Answers what it removed. */
export function applyRetention(settings: Pick<BackupSettings, 'dir' | 'keep' | 'timeZone'>, now = new Date()): string[] {
  if (!fs.existsSync(settings.dir)) return [];
  const names = fs.readdirSync(settings.dir);
  const keep = backupsToKeep(names, settings.keep, settings.timeZone);
  const removed: string[] = [];
  for (const name of names) {
    const file = path.join(settings.dir, name);
    const stale = name.endsWith('.partial') && now.getTime() - fs.statSync(file).mtimeMs > 86_400_000;
    if ((BACKUP_NAME.test(name) && !keep.has(name)) || stale) {
      fs.rmSync(file, { force: true });
      removed.push(name);
    }
  }
  return removed;
}
