import type { Actor } from '../actor';

/**
 * Who sent an upload, as it is recorded in the upload's tus metadata (`uploader`):
 * `<type>:<id>` (`dealer:12`, `staff:`), and `:<member id>` for a dealer's team member.
 */
export interface Uploader {
  type: Actor['type'];
  id: number | null;
  memberId: number | null;
}

export const uploaderLabel = (actor: Actor) =>
  `${actor.type}:${actor.id ?? ''}${actor.member ? `:${actor.member.id}` : ''}`;

const LABEL = /^(admin|dealer|staff|public|system):(\d*)(?::(\d+))?$/;

/** The recorded uploader; an upload without one (made before uploads recorded it) is nobody's. */
export function parseUploader(label: string | null | undefined): Uploader | null {
  const [, type, id, memberId] = LABEL.exec(label ?? '') ?? [];
  if (!type) return null;
  return {
    type: type as Actor['type'],
    id: id ? Number(id) : null,
    memberId: memberId ? Number(memberId) : null,
  };
}

/** The same person: the same admin, dealer or staff, and for a dealer with a team the same member. */
export const isUploadedBy = (uploader: Uploader | null, actor: Actor) =>
  !!uploader &&
  uploader.type === actor.type &&
  uploader.id === actor.id &&
  uploader.memberId === (actor.member?.id ?? null);
