import { ERROR_CODES } from '@contracts/errors';
import { BUYING_ROLES } from '@contracts/teams';
import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { UploadCap, UploadQuotaConfig } from '../../config';
import type { Database, Executor } from '../../db/client';
import { openUploads, sessions } from '../../db/schema';
import type { Actor } from '../actor';
import { AppError } from '../app-error';
import { hashToken } from '../sessions';

/** pg_advisory_xact_lock(class, id): one quota check at a time per dealership, or per session. */
const DEALERSHIP_LOCK = 727_043;
const SESSION_LOCK = 727_044;

/**
 * Who may open an upload (issue #43): staff and admins (listings, condition reports, work orders)
 * and dealers who may attach media to a claim or a delivery — a dealership without a team, or a
 * team's owner or buyer (as `assertMayAct` decides for those steps). A viewer only looks.
 */
export function mayOpenUploads(actor: Actor): boolean {
  if (actor.type === 'staff' || actor.type === 'admin') return true;
  if (actor.type !== 'dealer') return false;
  return !actor.member || BUYING_ROLES.includes(actor.member.role);
}

export const UPLOAD_QUOTA_TEXT = {
  notAllowed:
    'Your role (viewer) cannot upload photos or videos: claims and deliveries are for buyers and owners.',
  expired: (minutes: number) =>
    `This upload expired: nothing was received for ${minutes} minutes. Start the upload again.`,
};

const SESSION = { has: 'this session has', whose: "this session's" };
const DEALERSHIP = { has: 'your dealership has', whose: "your dealership's" };

const megabytes = (bytes: number) =>
  `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))} MB`;

/** The session an upload is held against, and its dealership when it is a dealer's. */
export interface UploadHolder {
  sessionId: number;
  dealerId: number | null;
}

/**
 * Quotas on unfinished uploads (issue #43). Each upload is a row of `open_uploads` from its
 * creating POST until it finishes, is terminated or expires; opening one counts the rows of its
 * session and its dealership under an advisory lock, so parallel POSTs cannot overshoot the caps
 * (on PostgreSQL across instances too): too many at once is a 429, too many bytes a 413.
 */
export class UploadQuotas {
  constructor(
    private readonly db: Database,
    readonly config: UploadQuotaConfig,
  ) {}

  get expiryMinutes() {
    return Math.round(this.config.expiryMs / 60_000);
  }

  /**
   * The live session behind `actor` among the presented tokens (the route admitted it, so there is
   * one); null only if it ended in between.
   */
  async holderOf(actor: Actor, tokens: string[]): Promise<UploadHolder | null> {
    if (tokens.length === 0 || actor.type === 'public' || actor.type === 'system') return null;
    const [row] = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          inArray(sessions.tokenHash, tokens.map(hashToken)),
          eq(sessions.role, actor.type),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          ...(actor.type === 'staff' ? [] : [eq(sessions.subjectId, actor.id ?? -1)]),
        ),
      )
      .limit(1);
    return row ? { sessionId: row.id, dealerId: actor.type === 'dealer' ? actor.id : null } : null;
  }

  /** Holds a new upload against its holder's quotas, or refuses it (429, 413) in plain words. */
  async open(holder: UploadHolder, upload: { id: string; area: string; bytes: number }) {
    await this.db.transaction(async (tx) => {
      await tx.execute(
        holder.dealerId === null
          ? sql`select pg_advisory_xact_lock(${SESSION_LOCK}, ${holder.sessionId})`
          : sql`select pg_advisory_xact_lock(${DEALERSHIP_LOCK}, ${holder.dealerId})`,
      );
      const session = holder.dealerId === null ? this.config.staffSession : this.config.dealerSession;
      await this.check(tx, eq(openUploads.sessionId, holder.sessionId), session, upload.bytes, SESSION);
      if (holder.dealerId !== null)
        await this.check(
          tx,
          eq(openUploads.dealerId, holder.dealerId),
          this.config.dealership,
          upload.bytes,
          DEALERSHIP,
        );
      await tx.insert(openUploads).values({
        id: upload.id,
        area: upload.area,
        sessionId: holder.sessionId,
        dealerId: holder.dealerId,
        bytes: upload.bytes,
        expiresAt: sql`now() + ${this.config.expiryMs} * interval '1 millisecond'`,
      });
    });
  }

  private async check(
    tx: Executor,
    whose: ReturnType<typeof eq>,
    cap: UploadCap,
    bytes: number,
    who: { has: string; whose: string },
  ) {
    const [held] = await tx
      .select({
        open: sql<number>`count(*)::int`,
        bytes: sql<string>`coalesce(sum(${openUploads.bytes}), 0)::text`,
      })
      .from(openUploads)
      .where(and(whose, gt(openUploads.expiresAt, sql`now()`)));
    const open = held?.open ?? 0;
    const total = Number(held?.bytes ?? 0) + bytes;
    if (open >= cap.open)
      throw new AppError(
        ERROR_CODES.tooManyRequests,
        `Too many uploads at once: ${who.has} ${open} unfinished uploads, the most allowed is ${cap.open}. ` +
          `Let them finish first; an unfinished upload that receives nothing for ${this.expiryMinutes} minutes expires.`,
      );
    if (total > cap.bytes)
      throw new AppError(
        ERROR_CODES.payloadTooLarge,
        `Too much to upload at once: with this file (${megabytes(bytes)}), ${who.whose} unfinished uploads ` +
          `would come to ${megabytes(total)}, over the ${megabytes(cap.bytes)} allowed. Let the others finish first.`,
      );
  }

  /**
   * A request continues upload `id`: 'open' (a PATCH renews its expiry), 'expired', or 'unknown'
   * (finished, terminated, or not one of ours: the tus server answers).
   */
  async resume(id: string, renew: boolean): Promise<'open' | 'expired' | 'unknown'> {
    if (renew) {
      const renewed = await this.db
        .update(openUploads)
        .set({ expiresAt: sql`now() + ${this.config.expiryMs} * interval '1 millisecond'` })
        .where(and(eq(openUploads.id, id), gt(openUploads.expiresAt, sql`now()`)))
        .returning({ id: openUploads.id });
      if (renewed.length > 0) return 'open';
    }
    const [row] = await this.db
      .select({ expired: sql<boolean>`${openUploads.expiresAt} <= now()` })
      .from(openUploads)
      .where(eq(openUploads.id, id));
    if (!row) return 'unknown';
    return row.expired ? 'expired' : 'open';
  }

  /** The upload finished or was terminated: it no longer counts. */
  async close(id: string) {
    await this.db.delete(openUploads).where(eq(openUploads.id, id));
  }
}

/** Housekeeping: the expired uploads' rows (their files are swept by when they were last touched). */
export async function deleteExpiredUploadRows(db: Executor): Promise<number> {
  const deleted = await db
    .delete(openUploads)
    .where(lte(openUploads.expiresAt, sql`now()`))
    .returning({ id: openUploads.id });
  return deleted.length;
}
