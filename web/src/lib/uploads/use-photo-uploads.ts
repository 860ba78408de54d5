import type { Photo, PhotoKind } from '@contracts/condition-report';
import { useCallback, useEffect, useRef, useState } from 'react';
import { downscalePhoto } from '@/lib/uploads/downscale-photo';
import { type FileEvent, fileState, isPending, next } from '@/lib/uploads/file-state';
import {
  photosLeft,
  photosToStart,
  type QueuedPhoto,
  type StoredPhoto,
  smallestOf,
} from '@/lib/uploads/photo-queue';
import {
  imageTypeOf,
  type PhotoUploadError,
  type PhotoUploadHandle,
  startPhotoUpload,
  waitForPhoto,
} from '@/lib/uploads/photo-upload';
import { isOnline, useOnline } from '@/lib/uploads/use-online';

const restored = (p: StoredPhoto): QueuedPhoto => ({
  ...fileState('ready', 0),
  key: p.key,
  kind: p.kind,
  name: p.name,
  photoId: p.id,
  thumbnail: p.thumbnail,
  serverThumbnail: p.thumbnail,
});

let counter = 0;
const newKey = () => `p${Date.now().toString(36)}${(counter++).toString(36)}`;

const NONE: readonly StoredPhoto[] = [];

/** A photo kept on the phone (the wizard's capture store), as it comes back after a reload. */
export interface KeptPhoto {
  key: string;
  kind: PhotoKind;
  file: File;
  uploadUrl: string | null;
  photo: { id: number; thumbnail: string | null } | null;
}

/**
 * Where a queue keeps its photos so that a reload or a killed app loses none (issue #34): the
 * upload wizard's capture store. Without one (a dealer's claim), photos live in the page only.
 */
export interface PhotoPersistence {
  restore(): Promise<KeptPhoto[]>;
  /** Keeps a prepared photo; rejects (StorageFullError) when the phone has no room for it. */
  keep(key: string, file: File, kind: PhotoKind): Promise<void>;
  keepUploadUrl(key: string, url: string): Promise<void>;
  uploaded(key: string, photo: { id: number; thumbnail: string | null }): void;
  kindChanged(key: string, kind: PhotoKind): void;
  forget(key: string): void;
}

interface Options {
  /** The photos already uploaded (from the wizard state, so a reload keeps them). */
  stored?: readonly StoredPhoto[];
  /** The uploaded photos, and the names of those still on their way (lost by a reload). */
  onStoredChange?: (photos: StoredPhoto[], pendingNames: string[]) => void;
  onError?: (error: PhotoUploadError) => void;
  /** At most this many photos (failed ones count until removed); MAX_PHOTOS of a vehicle by default. */
  max?: number;
  /** Keeps every photo on the phone as it is taken (the wizard); null while it is opening. */
  persistence?: PhotoPersistence | null;
  /** A photo that could not be kept (no room on the phone): it is not added. */
  onKeepFailed?: (error: Error, name: string) => void;
}

/**
 * A background photo queue (the upload wizard's, a dealer's claim): each photo is downscaled, then
 * sent through tus with PHOTO_CONCURRENCY at once while the user keeps shooting; a dropped
 * connection is retried by tus and, if that gives up, again when the phone is back online. The
 * wizard keeps it on its page, so moving between steps never interrupts an upload.
 */
export function usePhotoUploads({
  stored = NONE,
  onStoredChange,
  onError,
  max,
  persistence = null,
  onKeepFailed,
}: Options = {}) {
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
  const callbacks = useRef({ onStoredChange, onError, onKeepFailed });
  callbacks.current = { onStoredChange, onError, onKeepFailed };
  const kept = useRef<PhotoPersistence | null>(persistence);
  /** Upload URLs kept on the phone, by key: a restored photo continues its upload. */
  const keptUrls = useRef(new Map<string, string>());
  /** Handed over (the wizard's vehicle waits to sync): nothing more is sent from this queue. */
  const detached = useRef(false);
  const online = useOnline();

  const patch = useCallback((key: string, change: Partial<QueuedPhoto>) => {
    setItems((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));
  }, []);

  /**
   * Moves a photo by the file state machine (file-state.ts); `change` (its result, its preview) is
   * made only when the machine allows the move, so a late event of a stopped upload changes nothing.
   */
  const step = useCallback(
    (key: string, event: FileEvent, change: (p: QueuedPhoto) => Partial<QueuedPhoto> = () => ({})) => {
      setItems((list) =>
        list.map((p) => {
          if (p.key !== key) return p;
          const moved = next(p, event);
          return moved === p ? p : { ...moved, ...change(p) };
        }),
      );
    },
    [],
  );

  const fail = useCallback(
    (key: string, error: PhotoUploadError) => {
      sending.current.delete(key);
      step(key, { type: 'failed', message: error.message, retryable: error.retryable });
      // Lost with the signal, it has not failed: it waits in the queue and goes when the signal
      // returns (the effect below starts it), as a photo taken without signal does.
      if (error.retryable && !isOnline()) step(key, { type: 'retry' });
      callbacks.current.onError?.(error);
    },
    [step],
  );

  const ready = useCallback(
    (key: string, photo: Photo) => {
      if (removed.current.has(key)) return;
      const smallest = smallestOf(photo.srcset.jpeg, photo.src);
      kept.current?.uploaded(key, { id: photo.id, thumbnail: smallest });
      step(key, { type: 'processed' }, (p) => ({
        photoId: photo.id,
        serverThumbnail: smallest,
        // A HEIC the browser could not decode has no local preview: the server's JPEG is one.
        thumbnail: p.thumbnail && !undisplayable.current.has(key) ? p.thumbnail : smallest,
      }));
    },
    [step],
  );

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
      if (sending.current.has(key) || detached.current) return;
      const uploadId = uploadIds.current.get(key);
      if (uploadId) {
        // The bytes were already up: only the confirmation failed.
        step(key, { type: 'confirm' });
        poll(key, uploadId);
        return;
      }
      const file = files.current.get(key);
      if (!file) return;
      sending.current.add(key);
      step(key, { type: 'start' });
      const existing = handles.current.get(key);
      if (existing) {
        existing.resume();
        return;
      }
      const store = kept.current;
      const resume = store
        ? {
            uploadUrl: keptUrls.current.get(key) ?? null,
            keepUploadUrl: (url: string) => {
              keptUrls.current.set(key, url);
              return store.keepUploadUrl(key, url);
            },
          }
        : {};
      const handle = startPhotoUpload(
        file,
        {
          onProgress: (sent, total) => {
            if (!removed.current.has(key)) step(key, { type: 'progress', sent, total });
          },
          onUploaded: (id, photo) => {
            sending.current.delete(key);
            uploadIds.current.set(key, id);
            if (removed.current.has(key)) return;
            if (photo) return ready(key, photo);
            step(key, { type: 'sent' });
            poll(key, id);
          },
          onError: (error) => {
            if (!removed.current.has(key)) fail(key, error);
          },
        },
        resume,
      );
      handles.current.set(key, handle);
    },
    [step, poll, fail, ready],
  );

  // Start queued photos whenever a slot is free; offline they wait on the phone (kept there by the
  // wizard) and start when the signal returns.
  useEffect(() => {
    if (!online || !isOnline()) return;
    for (const key of photosToStart(items)) start(key);
  }, [items, start, online]);

  // The photos kept on the phone come back (a reload, a killed app): uploaded ones as they were,
  // the others queued again, continuing their uploads. A new draft's store starts empty.
  useEffect(() => {
    kept.current = persistence;
    if (!persistence) return;
    let cancelled = false;
    void persistence.restore().then((photos) => {
      if (cancelled) return;
      for (const handle of handles.current.values()) void handle.stop(false);
      handles.current.clear();
      sending.current.clear();
      uploadIds.current.clear();
      files.current.clear();
      keptUrls.current.clear();
      detached.current = false;
      const restoredItems = photos.map((p): QueuedPhoto => {
        files.current.set(p.key, p.file);
        if (p.uploadUrl) keptUrls.current.set(p.key, p.uploadUrl);
        const local = /^image\/hei[cf]$/.test(imageTypeOf(p.file)) ? null : URL.createObjectURL(p.file);
        if (!local) undisplayable.current.add(p.key);
        return {
          ...fileState(p.photo ? 'ready' : 'queued', p.file.size),
          key: p.key,
          kind: p.kind,
          name: p.file.name,
          photoId: p.photo?.id ?? null,
          thumbnail: local ?? p.photo?.thumbnail ?? null,
          serverThumbnail: p.photo?.thumbnail ?? null,
        };
      });
      setItems(restoredItems);
    });
    return () => {
      cancelled = true;
    };
  }, [persistence]);

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
    const pending = items.filter(isPending).map((p) => p.name);
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
          ...fileState('preparing', file.size),
          key: newKey(),
          kind: typeof kindOf === 'function' ? kindOf(index) : kindOf,
          name: file.name,
          photoId: null,
          thumbnail: null,
          serverThumbnail: null,
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
          const store = kept.current;
          if (store) {
            const kind = itemsRef.current.find((p) => p.key === key)?.kind ?? 'extra';
            try {
              await store.keep(key, ready, kind);
            } catch (error) {
              // Not kept on the phone: not taken at all (what was kept before stays).
              removed.current.add(key);
              setItems((list) => list.filter((p) => p.key !== key));
              callbacks.current.onKeepFailed?.(error as Error, ready.name);
              return;
            }
          }
          files.current.set(key, ready);
          if (/^image\/hei[cf]$/.test(imageTypeOf(ready))) undisplayable.current.add(key);
          const thumbnail = undisplayable.current.has(key) ? null : URL.createObjectURL(ready);
          step(key, { type: 'prepared', total: ready.size }, () => ({ name: ready.name, thumbnail }));
        });
      });
      return added.map((p) => p.key);
    },
    [step, max],
  );

  /** Tries a failed photo again (only one that trying again can mend). */
  const retry = useCallback((key: string) => step(key, { type: 'retry' }), [step]);

  const remove = useCallback((key: string) => {
    const item = itemsRef.current.find((p) => p.key === key);
    if (!detached.current) kept.current?.forget(key);
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
  const setKind = useCallback(
    (key: string, kind: PhotoKind) => {
      kept.current?.kindChanged(key, kind);
      patch(key, { kind });
    },
    [patch],
  );

  // Back online: retry every photo that failed on the connection.
  useEffect(() => {
    const onOnline = () => setItems((list) => list.map((p) => next(p, { type: 'retry' })));
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

  /**
   * Forgets every photo (a new vehicle): partial uploads are deleted, finished ones stay unattached.
   * After `detach` (the photos belong to a vehicle waiting to sync) nothing on the phone or the
   * server is touched: the page just lets go of them.
   */
  const clear = useCallback(() => {
    if (detached.current) {
      setItems([]);
      return;
    }
    for (const key of itemsRef.current.map((p) => p.key)) remove(key);
  }, [remove]);

  /**
   * Hands the photos over to the sync queue (the vehicle waits on the phone): nothing more is sent
   * from this page, and uploads on their way stop without deleting anything, so the queue continues
   * them from their kept URLs.
   */
  const detach = useCallback(() => {
    detached.current = true;
    for (const handle of handles.current.values()) void handle.stop(false);
    handles.current.clear();
    sending.current.clear();
  }, []);

  return { items, add, retry, remove, setKind, clear, detach };
}

export type PhotoUploads = ReturnType<typeof usePhotoUploads>;
