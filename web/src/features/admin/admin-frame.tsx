import type { AdminTab } from '@contracts/admin';
import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from 'react';

/**
 * The page drawn as its frame (ADR 0051): the server's render for an admin's session, and the
 * browser's first render, which hydrates it — the admin's e-mail as the session names it. Null
 * otherwise, and in the browser once the app has attached to the frame (`AsFrameUntilAttached`).
 */
export const AdminFrame = createContext<{ email: string } | null>(null);

/**
 * The tabs whose panel the frame draws: the Complete tab, the default one, whose heading and
 * description are the page's largest paint and whose panel, before any answer, holds no field.
 * Other tabs' panels hold fields (a search, filters) that would take typing the app's own render
 * then drops: the frame shows their loading placeholder instead.
 */
export const FRAMED_PANELS: ReadonlySet<AdminTab> = new Set<AdminTab>(['complete']);

/**
 * Draws the page as the frame until it is attached: on the server (which never runs the effect) and
 * in the browser's first render, which hydrates the server's markup — React attaches to the frame's
 * elements instead of building the page again over them (issue #47). Once attached, the frame's
 * state gives way (in a transition, time-sliced) to what the app has read meanwhile.
 */
export function AsFrameUntilAttached({ email, children }: { email: string; children: ReactNode }) {
  const [attached, setAttached] = useState(false);
  useEffect(() => startTransition(() => setAttached(true)), []);
  return <AdminFrame.Provider value={attached ? null : { email }}>{children}</AdminFrame.Provider>;
}

/** A read as the frame draws it: before any answer. */
const FRAME_READ = { isPending: true, isError: false, isSuccess: false, data: undefined } as const;

/**
 * A read of a component the frame draws (the counts, the queue's page): as the frame draws it while
 * the page is drawn as its frame, though its answer may have come already (the reads start with
 * the HTML) — the hydrating render must draw the server's markup — and the read itself after.
 */
export function useFrameRead<R>(read: R): R {
  return useContext(AdminFrame) ? (FRAME_READ as R) : read;
}
