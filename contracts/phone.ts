/**
 * A dealer contact's phone as a number a text message can go to (E.164), or null. Dealer phones
 * are typed freely ("(555) 010-0100", "+44 20 7946 0958"): ten digits are read as a US/Canada
 * number, "+" or eleven digits starting with 1 keep their country code; anything else (an
 * extension, letters, too few digits) cannot be texted.
 */
export function toE164(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const trimmed = phone.trim();
  if (!/^[+\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
  if (/^[2-9]\d{9}$/.test(digits)) return `+1${digits}`;
  if (/^1[2-9]\d{9}$/.test(digits)) return `+${digits}`;
  return null;
}
