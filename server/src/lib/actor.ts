import type { SessionMember } from './sessions';

/**
 * Who performs an action. Handlers get it from `request.actor()` (plugins/auth.ts); use cases pass it
 * on to the audit log and offer activity rows. `system` is the server itself (e.g. the offer sweep).
 */
export interface Actor {
  type: 'admin' | 'dealer' | 'staff' | 'public' | 'system';
  /** The admin or dealer id; null for staff (one shared identity), the public and the system. */
  id: number | null;
  /** A dealer acting through a named team member (docs/design.md §10); absent for a buy-code session. */
  member?: SessionMember | null;
}
