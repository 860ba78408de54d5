import type { DealerBuyCode } from '@contracts/buying';
import { formatDate } from '@/lib/display/time-left';

/**
 * How a code is said: a masked one (an owner's view of someone else's, maskBuyCode) as "code ending
 * in K", never "bullet bullet bullet K"; the holder's own as itself.
 */
export const spokenCode = (code: Pick<DealerBuyCode, 'code' | 'masked'>) =>
  code.masked ? `code ending in ${code.code.slice(-1)}` : `code ${code.code}`;

/** Whose code it is and which, for a button's or a dialog's words: "Rita Buyer’s code ending in K". */
export const codeOwnerText = (code: Pick<DealerBuyCode, 'code' | 'masked' | 'mine' | 'holderName'>) =>
  code.mine
    ? `your ${spokenCode(code)}`
    : code.holderName
      ? `${code.holderName}’s ${spokenCode(code)}`
      : spokenCode(code);

/** "Last used Nov 28, 2026", or "Never used". */
export const lastUsedText = (lastUsedAt: string | null) =>
  lastUsedAt ? `Last used ${formatDate(lastUsedAt)}` : 'Never used';
