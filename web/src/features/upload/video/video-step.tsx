import { UPLOAD_TEXT } from '@contracts/upload';
import { CheckCircle2, Loader2, RotateCcw, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { UploadProgress } from '@/components/media/upload-progress';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { type CaptureStore, fileOf, StorageFullError } from '@/lib/uploads/capture-store';
import { formatBytes } from '@/lib/uploads/format-bytes';
import { useOnline } from '@/lib/uploads/use-online';
import { useVideoUpload } from '@/lib/uploads/use-video-upload';
import { validateVideoFiles } from '@/lib/uploads/validate-video';
import { useMediaConfig, videoBackendOf } from '../api/media-config';
import { StepActions, StepHeader } from '../step-layout';
import { SYNC_TEXT } from '../sync/sync-texts';
import { useOnSessionExpired } from '../use-session-expiry';
import type { UpdateWizard, WizardState } from '../wizard-state';
import { VideoPicker } from './video-picker';

/**
 * Step 3: one walkaround video, uploaded resumably; when it is up the wizard moves on to the
 * photos (the vehicle is created after the condition step, with its photos and report).
 */
export function VideoStep({
  state,
  update,
  store,
}: {
  state: WizardState;
  update: UpdateWizard;
  /** The capture store: the video is kept on the phone before it is sent (issue #34). */
  store: CaptureStore | null;
}) {
  const config = useMediaConfig();
  const online = useOnline();
  const onSessionExpired = useOnSessionExpired();
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const errorId = useId();

  const upload = useVideoUpload({
    backend: videoBackendOf(config.data),
    onUploaded: (video, file) => {
      if (state.savedVideo && store)
        void store.updateFile(state.savedVideo.fileId, { video }).catch(() => undefined);
      update({ video: { ...video, ...file }, pendingVideo: null, step: 'photos' });
    },
    onFailed: (e) => {
      if (e.kind === 'signature') {
        setError(UPLOAD_TEXT.signatureFailed);
        toast({ variant: 'destructive', title: UPLOAD_TEXT.signatureFailed, description: e.message });
      } else {
        const message = `${UPLOAD_TEXT.uploadFailedPrefix}${e.message}`;
        setError(message);
        toast({ variant: 'destructive', title: UPLOAD_TEXT.uploadFailed, description: message });
      }
      // A 401 from our server means the session ended; one from Cloudinary is about its signature.
      if (e.kind === 'signature' || config.data?.backend === 'local') onSessionExpired(e);
    },
  });
  const { view } = upload;
  const busy = view.phase === 'uploading' || view.phase === 'processing';

  /** The kept video's upload continues its URL (kept as soon as the server made the upload). */
  const resumeOf = (fileId: string, uploadUrl: string | null) =>
    store
      ? { uploadUrl, keepUploadUrl: (url: string) => store.updateFile(fileId, { uploadUrl: url }) }
      : undefined;

  const onFiles = async (files: File[]) => {
    const problem = validateVideoFiles(files, config.data?.maxBytes);
    setError(problem);
    const [file] = files;
    if (problem || !file) return;
    // Kept on the phone first, so a killed app or a lost signal loses nothing.
    let saved: WizardState['savedVideo'] = null;
    if (store) {
      const fileId = `v${Date.now().toString(36)}`;
      try {
        await store.addFile({
          id: fileId,
          vehicle: state.idempotencyKey,
          role: 'video',
          kind: null,
          name: file.name,
          order: Date.now() * 1000,
          data: file,
        });
        if (state.savedVideo) void store.removeFile(state.savedVideo.fileId).catch(() => undefined);
        saved = { fileId, name: file.name, size: file.size };
      } catch (e) {
        if (e instanceof StorageFullError) {
          setError(SYNC_TEXT.storageFull);
          return;
        }
      }
    }
    // Offline nothing is started: the video waits on the phone (pendingVideo is a started upload).
    update({
      pendingVideo: online ? { name: file.name, size: file.size } : null,
      video: null,
      savedVideo: saved,
    });
    if (online) upload.start(file, saved ? resumeOf(saved.fileId, null) : undefined);
  };

  /** A kept video whose upload was interrupted (a reload, a killed app): continue it from the phone. */
  const resumeKept = async () => {
    const kept = state.savedVideo;
    const record = kept && store ? await store.file(kept.fileId) : undefined;
    if (!kept || !record) return;
    setError(null);
    update({ pendingVideo: { name: kept.name, size: kept.size } });
    upload.start(fileOf(record), resumeOf(kept.fileId, record.uploadUrl));
  };

  const onCancel = () => {
    void upload.cancel();
    setError(null);
    if (state.savedVideo && store) void store.removeFile(state.savedVideo.fileId).catch(() => undefined);
    update({ pendingVideo: null, savedVideo: null });
  };

  // A dropped connection resumes; a file the server refused must be replaced.
  const canResume = view.phase === 'failed' && view.error?.retryable === true;
  // Offline (or its upload dropped), a video kept on the phone is enough to go on: it is sent with the car.
  const keptOffline =
    !state.video && state.savedVideo !== null && (!online || view.error?.kind === 'network');
  const onContinue = () => {
    if (state.video || (keptOffline && !canResume)) update({ step: 'photos' });
    else if (canResume) upload.retry();
    else if (view.phase === 'failed') onCancel();
    else setError(UPLOAD_TEXT.videoRequired);
  };

  // Chosen with no signal and never started: it waits on the phone, and starts once online.
  const keptWaiting =
    !state.video && state.savedVideo !== null && !state.pendingVideo && view.phase === 'idle';
  const showPicker = !state.video && view.phase === 'idle' && !(keptWaiting && !online);
  // The signal is back (or the step opened online) with a video kept and never started: send it now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when it becomes possible
  useEffect(() => {
    if (online && keptWaiting && config.data) void resumeKept();
  }, [online, keptWaiting, config.data]);
  const interrupted = !state.video && view.phase === 'idle' && state.pendingVideo;
  return (
    <div className="grid gap-5">
      <StepHeader
        title="Walkaround video"
        description="Walk slowly around the vehicle, then film the interior and the dash with the engine running. One video, under 200 MB."
      />

      {config.isError ? (
        <div className="grid gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p>The upload settings could not be loaded: {config.error.message}</p>
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => void config.refetch()}
          >
            Try again
          </Button>
        </div>
      ) : null}

      {interrupted ? (
        <p
          className="flex gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          role="status"
        >
          <RotateCcw aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            The upload of “{state.pendingVideo?.name}” ({formatBytes(state.pendingVideo?.size ?? 0)}) was
            interrupted.{' '}
            {state.savedVideo
              ? online
                ? 'It is saved on this phone: Resume upload continues where it stopped.'
                : SYNC_TEXT.videoKept
              : 'Choose the same video again to continue where it stopped.'}
          </span>
        </p>
      ) : null}

      {interrupted && state.savedVideo && online ? (
        <Button variant="outline" className="justify-self-start" onClick={() => void resumeKept()}>
          Resume upload
        </Button>
      ) : null}

      {keptWaiting && state.savedVideo && !online ? (
        <p
          role="status"
          className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          “{state.savedVideo.name}” ({formatBytes(state.savedVideo.size)}) · {SYNC_TEXT.videoKept}
        </p>
      ) : null}

      {showPicker ? (
        config.isPending && online ? (
          <div className="flex h-32 items-center justify-center rounded-2xl border-2 border-dashed border-slate-200">
            <Loader2 aria-hidden="true" className="h-6 w-6 animate-spin text-slate-400" />
            <span className="sr-only">Loading…</span>
          </div>
        ) : config.data || !online ? (
          <VideoPicker onFiles={(files) => void onFiles(files)} hintId={hintId} invalid={Boolean(error)} />
        ) : null
      ) : null}

      {view.phase !== 'idle' ? <UploadProgress view={view} onCancel={onCancel} /> : null}

      {state.video ? (
        <div className="flex items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4">
          <CheckCircle2 aria-hidden="true" className="h-6 w-6 shrink-0 text-emerald-700" />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold text-emerald-900">Video uploaded</p>
            <p className="truncate text-sm text-emerald-800">
              {state.video.name} · {formatBytes(state.video.size)}
            </p>
          </div>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              if (state.savedVideo && store)
                void store.removeFile(state.savedVideo.fileId).catch(() => undefined);
              update({ video: null, savedVideo: null });
            }}
          >
            Replace
          </Button>
        </div>
      ) : null}

      {error ? (
        <p id={errorId} role="alert" className="flex gap-2 text-sm font-medium text-red-700">
          <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {error}
        </p>
      ) : null}

      {keptOffline && canResume ? (
        <Button variant="outline" size="lg" className="w-full" onClick={() => update({ step: 'photos' })}>
          Continue: send the video later
        </Button>
      ) : null}

      <StepActions onBack={() => update({ step: 'vin' })} backDisabled={busy}>
        <Button size="lg" className="w-full sm:w-auto" onClick={onContinue} disabled={busy}>
          {view.phase === 'uploading' || view.phase === 'processing'
            ? 'Uploading…'
            : canResume
              ? 'Retry upload'
              : view.phase === 'failed'
                ? 'Choose another video'
                : 'Continue'}
        </Button>
      </StepActions>
    </div>
  );
}
