import type { AdminTab } from '@contracts/admin';
import { ADMIN_FRAME_ELEMENT_ID } from '@contracts/brand';
import { createContext } from 'react';

/**
 * The page's frame as the server renders it for an admin's session (app/entry-server.tsx
 * `renderAdminFrame`, ADR 0051): the admin's e-mail as the session names it (in the browser the page
 * shows the one kept at sign-in); null in the browser.
 */
export const AdminFrame = createContext<{ email: string } | null>(null);

/**
 * The tabs whose panel the frame draws: the Complete tab, the default one, whose heading and
 * description are the page's largest paint and whose panel, before any answer, holds no field.
 * Other tabs' panels hold fields (a search, filters) that would take typing the app's own render
 * then drops: the frame shows their loading placeholder instead, under the tab's heading and
 * description when those are known before its code (admin-texts.ts PANEL_HEADS).
 */
export const FRAMED_PANELS: ReadonlySet<AdminTab> = new Set<AdminTab>(['complete']);

/**
 * In the browser, the e-mail of the admin the server's frame was rendered for (its session's), or
 * null when the page came without a frame: the page shows it rather than the one kept at sign-in,
 * so the line the frame painted stays as it was (the session's is the truth when they differ).
 */
export function frameAdminEmail(): string | null {
  if (typeof document === 'undefined') return null;
  try {
    const text = document.getElementById(ADMIN_FRAME_ELEMENT_ID)?.textContent;
    const email = text ? (JSON.parse(text) as { email?: unknown }).email : null;
    return typeof email === 'string' ? email : null;
  } catch {
    return null;
  }
}
