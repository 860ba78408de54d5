/**
 * Whether the phone reaches our server now (docs/features/staff-app.md, "No signal"): a phone's
 * browser may say navigator.onLine on a network that goes nowhere (a Wi-Fi without internet, a
 * captive portal, one bar that carries nothing). Before the sync queue sends, one cheap GET of the
 * liveness check (`/healthz`, nothing counted, nothing changed) tells: an answer from our server is
 * a signal, anything else (no answer, a timeout, a portal's page) is none.
 */

/** The liveness check the probe reads (server/src/modules/health/health.routes.ts). */
export const SIGNAL_PROBE_PATH = '/healthz';
/** How long the probe waits for an answer before it calls it no signal. */
export const SIGNAL_PROBE_TIMEOUT_MS = 5000;

/**
 * True when our server answered the probe: its liveness answer, or a server error of its own (the
 * signal is there; the queue's requests then fail and back off as server errors, as before).
 */
export async function probeSignal(
  url: string = SIGNAL_PROBE_PATH,
  timeoutMs: number = SIGNAL_PROBE_TIMEOUT_MS,
): Promise<boolean> {
  try {
    const response = await fetch(url, {
      cache: 'no-store',
      credentials: 'omit',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status >= 500) return true;
    if (!response.ok) return false;
    const body = (await response.json()) as { status?: unknown } | null;
    return body?.status === 'ok';
  } catch {
    return false;
  }
}
