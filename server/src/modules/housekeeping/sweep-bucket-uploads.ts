import type { ObjectStorage } from '../../lib/object-storage';

/** `<prefix>/<32 hex id>` and what tus and the app add to it (`.info`, `.part`, `.type`, `.jpg`, `.failed`). */
const UPLOAD_KEY = /^[a-z-]+\/([a-f0-9]{32})(\.[a-z]+)?$/;

/**
 * The bucket's counterpart of deleteAbandonedUploads (ADR 0014): resumable uploads under `prefix/`
 * untouched since `cutoff` — their newest object and newest multipart part both older — are
 * aborted (their parts dropped) and their objects deleted. An upload marked accepted by a `.type`
 * object is a video a listing links to and stays, unless `finishedToo` (photo uploads, which live
 * on as processed photos elsewhere in the bucket). Returns how many uploads were deleted.
 */
export async function sweepBucketUploads(
  storage: ObjectStorage,
  prefix: string,
  cutoff: Date,
  { finishedToo = false } = {},
): Promise<number> {
  const uploads = new Map<string, { keys: string[]; touched: number; accepted: boolean }>();
  for (const object of await storage.objectsUnder(`${prefix}/`)) {
    const match = UPLOAD_KEY.exec(object.key);
    if (!match) continue;
    const upload = uploads.get(match[1]!) ?? { keys: [], touched: 0, accepted: false };
    upload.keys.push(object.key);
    upload.touched = Math.max(upload.touched, object.lastModified.getTime());
    if (match[2] === '.type') upload.accepted = true;
    uploads.set(match[1]!, upload);
  }
  let deleted = 0;
  for (const [id, upload] of uploads) {
    if ((upload.accepted && !finishedToo) || upload.touched >= cutoff.getTime()) continue;
    const key = `${prefix}/${id}`;
    // A multipart upload still open: its last part says when it was last resumed.
    const open = await storage.openMultipartUpload(key);
    if (open && open.lastPartAt >= cutoff.getTime()) continue;
    if (open) await storage.abortMultipartUpload(key, open.uploadId);
    await storage.delete(upload.keys);
    deleted++;
  }
  return deleted;
}
