import type { AdminTab } from '@contracts/admin';
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
 * then drops: the frame shows their loading placeholder instead.
 */
export const FRAMED_PANELS: ReadonlySet<AdminTab> = new Set<AdminTab>(['complete']);
