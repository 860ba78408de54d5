/**
 * Remaining time as hours and minutes (docs/product.md §2 offers: "Remaining time is shown as hours and
 * minutes, or 'Expired' once the expiry has passed"), e.g. "1h 59m left". `now` may be the
 * database's clock, so a message and the row it describes agree.
 */
export function formatTimeLeft(expiresAt: string | Date, now: number | Date = Date.now()): string {
  const ms = new Date(expiresAt).getTime() - new Date(now).getTime();
  if (!Number.isFinite(ms) || ms <= 0) return 'Expired';
  const totalMinutes = Math.floor(ms / 60_000);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return hours > 0 ? `${hours}h ${minutes}m left` : `${minutes}m left`;
}
