import { MAX_CLAIM_PHOTOS } from '@contracts/after-sale-texts';
import { VIDEO_UPLOAD_PATH } from '@contracts/upload';
import { useState } from 'react';
import { fileTotals } from '@/lib/uploads/file-state';
import { totalsLabel } from '@/lib/uploads/photo-queue';
import { startVideoTusUpload } from '@/lib/uploads/tus-video-upload';
import { usePhotoUploads } from '@/lib/uploads/use-photo-uploads';
import { type StartVideoUpload, useVideoUpload } from '@/lib/uploads/use-video-upload';

/**
 * A dealer's claim video goes to this server by tus: the media config that could name Cloudinary
 * is staff-only, and the claim accepts our own uploads (or a Cloudinary URL, not made here).
 */
const toThisServer: StartVideoUpload = (file, callbacks) =>
  startVideoTusUpload(file, VIDEO_UPLOAD_PATH, callbacks);

export interface ClaimVideo {
  url: string;
  name: string;
  size: number;
}

/**
 * The photos (up to MAX_CLAIM_PHOTOS) and the one video of a claim, uploading while the dealer
 * fills in the rest. Kept by the dialog's owner, so closing the dialog and coming back keeps them
 * (as it keeps what was typed); `clear` once the claim is sent.
 */
export function useClaimAttachments() {
  const photos = usePhotoUploads({ max: MAX_CLAIM_PHOTOS });
  const [video, setVideo] = useState<ClaimVideo | null>(null);
  const [videoError, setVideoError] = useState<string | null>(null);
  const videoUpload = useVideoUpload({
    backend: toThisServer,
    onUploaded: (uploaded, file) => setVideo({ url: uploaded.url, ...file }),
    onFailed: (error) => setVideoError(error.message),
  });
  const { phase } = videoUpload.view;
  const totals = fileTotals(photos.items);
  const videoBusy = phase === 'uploading' || phase === 'processing';

  const startVideo = (file: File) => {
    setVideoError(null);
    setVideo(null);
    videoUpload.start(file);
  };
  const retryVideo = () => {
    setVideoError(null);
    videoUpload.retry();
  };
  const removeVideo = () => {
    setVideoError(null);
    setVideo(null);
    void videoUpload.cancel();
  };

  return {
    photos,
    photoTotals: totals,
    video,
    videoView: videoUpload.view,
    videoError,
    startVideo,
    retryVideo,
    removeVideo,
    /** Files still on their way: the claim waits for them. */
    uploading: totals.pending + (videoBusy ? 1 : 0),
    /** Files that did not make it: retried or removed before the claim is sent. */
    failed: totals.failed + (phase === 'failed' ? 1 : 0),
    /** What the claim names: the processed photos in the order added, and the video's URL. */
    attached: {
      photoIds: photos.items.flatMap((p) => (p.status === 'ready' && p.photoId !== null ? [p.photoId] : [])),
      ...(video ? { videoUrl: video.url } : {}),
    },
    /** "2 of 3 photos uploaded · video uploading", for the live status line. */
    status: [
      totals.count > 0 ? totalsLabel(totals) : null,
      phase === 'uploading'
        ? 'video uploading'
        : phase === 'processing'
          ? 'checking the video'
          : phase === 'failed'
            ? 'video not uploaded'
            : video
              ? 'video uploaded'
              : null,
    ]
      .filter(Boolean)
      .join(' · ')
      .replace(/^v/, 'V'),
    clear: () => {
      photos.clear();
      removeVideo();
    },
  };
}

export type ClaimAttachments = ReturnType<typeof useClaimAttachments>;
