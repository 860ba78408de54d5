import type { AdminBuyCode } from '@contracts/dealers';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/display/time-left';

export const isExpired = (code: Pick<AdminBuyCode, 'expiresAt'>, now = Date.now()) =>
  code.expiresAt !== null && Date.parse(code.expiresAt) <= now;
export const isUsedUp = (code: Pick<AdminBuyCode, 'maxUses' | 'usageCount'>) =>
  code.maxUses !== null && code.usageCount >= code.maxUses;

/** "1 / 5 uses" or "1 / unlimited". */
export const formatUses = (code: Pick<AdminBuyCode, 'maxUses' | 'usageCount'>) =>
  `${code.usageCount} / ${code.maxUses ?? 'unlimited'}`;

export const formatExpiry = (code: Pick<AdminBuyCode, 'expiresAt'>) =>
  code.expiresAt ? formatDateTime(code.expiresAt) : 'No expiry';

/** Active / Inactive (the spec's labels), plus why an active code no longer works. */
export function BuyCodeBadges({ code }: { code: AdminBuyCode }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={code.active ? 'green' : 'gray'}>{code.active ? 'Active' : 'Inactive'}</Badge>
      {code.active && isExpired(code) ? <Badge tone="red">Expired</Badge> : null}
      {code.active && isUsedUp(code) ? <Badge tone="yellow">Used up</Badge> : null}
    </span>
  );
}
