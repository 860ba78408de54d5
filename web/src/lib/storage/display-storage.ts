/**
 * Display-only values the spec keeps in the browser (docs/product.md §3): the admin's e-mail and the dealer's name.
 * They prove nothing — the server decides from the HttpOnly session cookie — and no token is kept.
 */
const ADMIN_EMAIL_KEY = 'adminEmail';
const DEALER_INFO_KEY = 'dealerInfo';

const safe = <T>(read: () => T, fallback: T): T => {
  try {
    return read();
  } catch {
    return fallback;
  }
};

export const displayStorage = {
  getAdminEmail: () => safe(() => localStorage.getItem(ADMIN_EMAIL_KEY), null),
  setAdminEmail: (email: string | null) =>
    safe(
      () => (email ? localStorage.setItem(ADMIN_EMAIL_KEY, email) : localStorage.removeItem(ADMIN_EMAIL_KEY)),
      undefined,
    ),
  getDealerName: () =>
    safe(
      () =>
        (JSON.parse(localStorage.getItem(DEALER_INFO_KEY) ?? 'null') as { dealerName?: string } | null)
          ?.dealerName ?? null,
      null,
    ),
  setDealerName: (dealerName: string | null) =>
    safe(
      () =>
        dealerName
          ? localStorage.setItem(DEALER_INFO_KEY, JSON.stringify({ dealerName }))
          : localStorage.removeItem(DEALER_INFO_KEY),
      undefined,
    ),
};
