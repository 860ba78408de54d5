import { uploadPercent } from '@/lib/uploads/file-state';

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** 12_900_000 → "12.3 MB" (binary units, one decimal from KB up). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${Math.round(value)} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** The progress line under the bar: "42% · 12.3 MB left". */
export function progressLabel(sent: number, total: number): string {
  const percent = uploadPercent(sent, total);
  return `${percent}% · ${formatBytes(total - sent)} left`;
}
