import { MAX_CLAIM_PHOTOS } from '@contracts/after-sale-texts';
import { CheckCircle2, ImagePlus, TriangleAlert, Video } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { FilePickButton } from '@/components/media/file-pick-button';
import { PhotoTileList } from '@/components/media/photo-tile-list';
import { UploadProgress } from '@/components/media/upload-progress';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatBytes } from '@/lib/uploads/format-bytes';
import { photosLeft } from '@/lib/uploads/photo-queue';
import { validateVideoFiles } from '@/lib/uploads/validate-video';
import type { ClaimAttachments } from '../../hooks/use-claim-attachments';

/** The focus goes back to a picker once React has re-enabled it (it may have been disabled). */
const focusSoon = (input: HTMLInputElement | null) => setTimeout(() => input?.focus(), 0);

const Problem = ({ children }: { children: string }) => (
  <p role="alert" className="flex gap-2 text-sm font-medium text-red-700">
    <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
    {children}
  </p>
);

/**
 * "Add photos" (the phone offers the camera or the gallery; several at once, up to
 * MAX_CLAIM_PHOTOS) and "Add a video" (one): each uploads at once, with its own progress, Remove,
 * and the server's message with Retry when it failed. The status line is announced as it changes.
 */
export function ClaimAttachmentsField({ attachments }: { attachments: ClaimAttachments }) {
  const { photos, video, videoView } = attachments;
  const hintId = useId();
  const photoInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  const [photoNote, setPhotoNote] = useState<string | null>(null);
  const [videoProblem, setVideoProblem] = useState<string | null>(null);
  const left = photosLeft(photos.items, MAX_CLAIM_PHOTOS);
  const hasVideo = video !== null || videoView.phase !== 'idle';

  const addPhotos = (files: File[]) => {
    const added = photos.add(files, 'damage').length;
    setPhotoNote(
      added < files.length
        ? `Only ${added} of the ${files.length} photos were added: a claim has at most ${MAX_CLAIM_PHOTOS}.`
        : null,
    );
  };
  const addVideo = (files: File[]) => {
    const problem = validateVideoFiles(files);
    setVideoProblem(problem);
    const [file] = files;
    if (!problem && file) attachments.startVideo(file);
  };
  const removeVideo = () => {
    attachments.removeVideo();
    focusSoon(videoInput.current);
  };

  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="text-sm font-medium text-slate-800">Photos and video (optional)</legend>
      <p id={hintId} className="-mt-1 text-sm text-slate-600">
        Up to {MAX_CLAIM_PHOTOS} photos and one video, from the camera or the gallery. They upload while you
        write.
      </p>
      <div className="grid grid-cols-2 gap-2">
        <FilePickButton
          icon={ImagePlus}
          label="Add photos"
          multiple
          disabled={left === 0}
          describedBy={hintId}
          inputRef={photoInput}
          onFiles={addPhotos}
        />
        <FilePickButton
          icon={Video}
          label="Add a video"
          accept="video/*"
          disabled={hasVideo}
          describedBy={hintId}
          inputRef={videoInput}
          onFiles={addVideo}
        />
      </div>
      {/* Always in the tree (sr-only when empty), so its first words are announced too. */}
      <p
        role="status"
        className={cn('text-sm tabular-nums text-slate-700', !attachments.status && 'sr-only')}
      >
        {attachments.status}
      </p>
      {photoNote ? <Problem>{photoNote}</Problem> : null}
      <PhotoTileList
        photos={photos}
        label="Claim photos"
        onRemoved={() => {
          setPhotoNote(null);
          focusSoon(photoInput.current);
        }}
      />
      {videoView.phase !== 'idle' ? (
        <UploadProgress view={videoView} onCancel={removeVideo} onRetry={attachments.retryVideo} />
      ) : null}
      {video ? (
        <div className="flex items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-3">
          <CheckCircle2 aria-hidden="true" className="h-5 w-5 shrink-0 text-emerald-700" />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold text-emerald-900">Video uploaded</p>
            <p className="truncate text-sm text-emerald-800">
              {video.name} · {formatBytes(video.size)}
            </p>
          </div>
          <Button variant="outline" size="sm" onClick={removeVideo}>
            Remove<span className="sr-only"> the video</span>
          </Button>
        </div>
      ) : null}
      {videoProblem ? <Problem>{videoProblem}</Problem> : null}
      {attachments.videoError ? (
        <Problem>{`The video did not upload: ${attachments.videoError}`}</Problem>
      ) : null}
    </fieldset>
  );
}
