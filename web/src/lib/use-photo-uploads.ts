import type { Photo, PhotoKind } from '@contracts/condition-report';
import { useCallback, useEffect, useRef, useState } from 'react';
import { downscalePhoto } from '@/lib/downscale-photo';
import { photosLeft, photosToStart, type QueuedPhoto, type StoredPhoto, smallestOf } from '@/lib/photo-queue';
import {
  imageTypeOf,
  type PhotoUploadError,
  type PhotoUploadHandle,
  startPhotoUpload,
  waitForPhoto,
} from '@/lib/photo-upload';

const restored = (p: StoredPhoto): QueuedPhoto => ({
  key: p.key,
  kind: p.kind,
  name: p.name,
  status: 'ready',
  sent: 0,
  total: 0,
  photoId: p.id,
  thumbnail: p.thumbnail,
  serverThumbnail: p.thumbnail,
  error: null,
  retryable: false,
});

let counter = 0;
const newKey = () => `p${Date.now().toString(36)}${(counter++).toString(36)}`;

const NONE: readonly StoredPhoto[] = [];

interface Options {
  /** The photos already uploaded (from the wizard state, so a reload keeps them). */
  stored?: readonly StoredPhoto[];
  /** The uploaded photos, and the names of those still on their way (lost by a reload). */
  onStoredChange?: (photos: StoredPhoto[], pendingNames: string[]) => void;
  onError?: (error: PhotoUploadError) => void;
  /** At most this many photos (failed ones count until removed); MAX_PHOTOS of a vehicle by default. */
  max?: number;
}

/**
 * A background photo queue (the upload wizard's, a dealer's claim): each photo is downscaled, then
 * sent through tus with PHOTO_CONCURRENCY at once while the user keeps shooting; a dropped
 * connection is retried by tus and, if that gives up, again when the phone is back online. The
 * wizard keeps it on its page, so moving between steps never interrupts an upload.
 */
export function usePhotoUploads({ stored = NONE, onStoredChange, onError, max }: Options = {}) {
  const [items, setItems] = useState<QueuedPhoto[]>(() => stored.map(restored));
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const reserved = useRef(0);
  const files = useRef(new Map<string, File>());
  const handles = useRef(new Map<string, PhotoUploadHandle>());
  const uploadIds = useRef(new Map<string, string>());
  const sending = useRef(new Set<string>());
  const removed = useRef(new Set<string>());
  /** Photos the browser cannot show (HEIC it could not decode), by key. */
  const undisplayable = useRef(new Set<string>());
  /** Downscaling one photo at a time keeps a phone's memory bounded. */
  const preparing = useRef<Promise<void>>(Promise.resolve());
  const callbacks = useRef({ onStoredChange, onError });
  callbacks.current = { onStoredChange, onError };

  const patch = useCallback((key: string, change: Partial<QueuedPhoto>) => {
    setItems((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));
  }, []);

  const fail = useCallback(
    (key: string, error: PhotoUploadError) => {
      sending.current.delete(key);
      patch(key, { status: 'failed', error: error.message, retryable: error.retryable });
      callbacks.current.onError?.(error);
    },
    [patch],
  );

  const ready = useCallback((key: string, photo: Photo) => {
    if (removed.current.has(key)) return;
    setItems((list) =>
      list.map((p) =>
        p.key === key
          ? {
              ...p,
              status: 'ready',
              photoId: photo.id,
              serverThumbnail: smallestOf(photo.srcset.jpeg, photo.src),
              // A HEIC the browser could not decode has no local preview: the server's JPEG is one.
              thumbnail:
                p.thumbnail && !undisplayable.current.has(key)
                  ? p.thumbnail
                  : smallestOf(photo.srcset.jpeg, photo.src),
              error: null,
            }
          : p,
      ),
    );
  }, []);

  /** Only when the completing answer was lost: the status endpoint says what became of the photo. */
  const poll = useCallback(
    (key: string, uploadId: string) => {
      waitForPhoto(uploadId, () => removed.current.has(key)).then(
        (photo) => ready(key, photo),
        (error: PhotoUploadError) => {
          if (!removed.current.has(key)) fail(key, error);
        },
      );
    },
    [ready, fail],
  );

  const start = useCallback(
    (key: string) => {
      if (sending.current.has(key)) return;
      const uploadId = uploadIds.current.get(key);
      if (uploadId) {
        // The bytes were already up: only the confirmation failed.
        patch(key, { status: 'processing', error: null });
        poll(key, uploadId);
        return;
      }
      const file = files.current.get(key);
      if (!file) return;
      sending.current.add(key);
      patch(key, { status: 'uploading', error: null });
      const existing = handles.current.get(key);
      if (existing) {
        existing.resume();
        return;
      }
      const handle = startPhotoUpload(file, {
        onProgress: (sent, total) => {
          if (!removed.current.has(key)) patch(key, { sent, total, status: 'uploading' });
        },
        onUploaded: (id, photo) => {
          sending.current.delete(key);
          uploadIds.current.set(key, id);
          if (removed.current.has(key)) return;
          if (photo) return ready(key, photo);
          patch(key, { status: 'processing' });
          poll(key, id);
        },
        onError: (error) => {
          if (!removed.current.has(key)) fail(key, error);
        },
      });
      handles.current.set(key, handle);
    },
    [patch, poll, fail, ready],
  );

  // Start queued photos whenever a slot is free.
  useEffect(() => {
    for (const key of photosToStart(items)) start(key);
  }, [items, start]);

  // The uploaded photos go to the owner (the wizard's state: ids, kinds, names, small thumbnails).
  const storedSignature = useRef('');
  useEffect(() => {
    const ready: StoredPhoto[] = items
      .filter((p) => p.status === 'ready' && p.photoId !== null)
      .map((p) => ({
        key: p.key,
        id: p.photoId as number,
        kind: p.kind,
        name: p.name,
        thumbnail: p.serverThumbnail,
      }));
    const pending = items.filter((p) => p.status !== 'ready' && p.status !== 'failed').map((p) => p.name);
    const signature = JSON.stringify([ready, pending]);
    if (signature === storedSignature.current) return;
    storedSignature.current = signature;
    callbacks.current.onStoredChange?.(ready, pending);
  }, [items]);

  /** Adds photos (up to the limit) of one kind each; returns the keys of those taken. */
  const add = useCallback(
    (picked: readonly File[], kindOf: PhotoKind | ((index: number) => PhotoKind)) => {
      const accepted = picked.slice(0, photosLeft(itemsRef.current, max) - reserved.current);
      const added = accepted.map(
        (file, index): QueuedPhoto => ({
          key: newKey(),
          kind: typeof kindOf === 'function' ? kindOf(index) : kindOf,
          name: file.name,
          status: 'preparing',
          sent: 0,
          total: file.size,
          photoId: null,
          thumbnail: null,
          serverThumbnail: null,
          error: null,
          retryable: true,
        }),
      );
      // Two picks before a render must not both take the last free places.
      reserved.current += added.length;
      setItems((list) => {
        reserved.current = 0;
        return [...list, ...added];
      });
      accepted.forEach((file, index) => {
        const key = added[index]?.key as string;
        preparing.current = preparing.current.then(async () => {
          if (removed.current.has(key)) return;
          const ready = await downscalePhoto(file);
          if (removed.current.has(key)) return;
          files.current.set(key, ready);
          if (/^image\/hei[cf]$/.test(imageTypeOf(ready))) undisplayable.current.add(key);
          patch(key, {
            status: 'queued',
            name: ready.name,
            total: ready.size,
            thumbnail: undisplayable.current.has(key) ? null : URL.createObjectURL(ready),
          });
        });
      });
      return added.map((p) => p.key);
    },
    [patch, max],
  );

  const retry = useCallback((key: string) => {
    setItems((list) =>
      list.map((p) =>
        p.key === key && p.status === 'failed' && p.retryable ? { ...p, status: 'queued', error: null } : p,
      ),
    );
  }, []);

  const remove = useCallback((key: string) => {
    const item = itemsRef.current.find((p) => p.key === key);
    removed.current.add(key);
    sending.current.delete(key);
    const handle = handles.current.get(key);
    handles.current.delete(key);
    files.current.delete(key);
    uploadIds.current.delete(key);
    if (item?.thumbnail?.startsWith('blob:')) URL.revokeObjectURL(item.thumbnail);
    // A finished upload is kept by the server until a vehicle takes it; a partial one is deleted.
    if (handle && item?.status !== 'ready' && item?.status !== 'processing') void handle.stop(true);
    setItems((list) => list.filter((p) => p.key !== key));
  }, []);

  /** A new kind for a photo (e.g. an extra that shows damage). */
  const setKind = useCallback((key: string, kind: PhotoKind) => patch(key, { kind }), [patch]);

  // Back online: retry every photo that failed on the connection.
  useEffect(() => {
    const onOnline = () =>
      setItems((list) =>
        list.map((p) => (p.status === 'failed' && p.retryable ? { ...p, status: 'queued', error: null } : p)),
      );
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);

  // Leaving (the wizard, the claim) stops sending (unfinished photos must be shot or picked again).
  useEffect(
    () => () => {
      for (const handle of handles.current.values()) void handle.stop(false);
    },
    [],
  );

  /** Forgets every photo (a new vehicle): partial uploads are deleted, finished ones stay unattached. */
  const clear = useCallback(() => {
    for (const key of itemsRef.current.map((p) => p.key)) remove(key);
  }, [remove]);

  return { items, add, retry, remove, setKind, clear };
}

export type PhotoUploads = ReturnType<typeof usePhotoUploads>;
