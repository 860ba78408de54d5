import {
  type ConditionReport,
  type ConditionReportBody,
  GUIDED_SHOTS,
  MAX_PHOTOS,
  type Photo,
  type PhotoKind,
} from '@contracts/condition-report';
import { ArrowDown, ArrowUp, ImagePlus, Star, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { DamageEditor } from '@/components/condition/damage-editor';
import { GradePreview } from '@/components/condition/grade-preview';
import { TIRES_INVALID, TiresInputs } from '@/components/condition/tires-inputs';
import { WarningLightsEditor } from '@/components/condition/warning-lights-editor';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { Loading } from '@/components/ui/placeholders';
import { toast } from '@/components/ui/use-toast';
import { PhotoPicture } from '@/components/vehicle/photo-picture';
import { cn } from '@/lib/cn';
import { conditionReportOf, photoCaption } from '@/lib/display/condition-report';
import { uploadPhoto } from '@/lib/uploads/photo-upload';
import { ADMIN_LABELS } from '../../admin-texts';
import { type PhotoRef, useAdminVehicle, useConditionEdits } from '../../api/condition-report';

const KIND_LABELS: Record<PhotoKind, string> = {
  ...(Object.fromEntries(GUIDED_SHOTS.map((s) => [s.kind, s.label])) as Record<PhotoKind, string>),
  damage: 'Damage close-up',
  extra: 'Extra',
};
const KINDS = Object.keys(KIND_LABELS) as PhotoKind[];

const refsOf = (photos: Photo[]): PhotoRef[] => photos.map(({ id, kind }) => ({ id, kind }));

/**
 * "Edit condition"'s dialog body: an admin adds, deletes and reorders a vehicle's photos, sets the
 * cover, and edits damage items, tires and warning lights with the grade previewed as they type.
 * Loaded as the dialog opens (edit-condition-button.tsx).
 */
export function EditConditionBody({ vehicleId, onDone }: { vehicleId: number; onDone: () => void }) {
  const vehicle = useAdminVehicle(vehicleId, true);
  if (vehicle.isPending) return <Loading label={ADMIN_LABELS.conditionLoading} rows={2} />;
  if (vehicle.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {vehicle.error.message}
      </p>
    );
  return <Editor vehicleId={vehicleId} initial={conditionReportOf(vehicle.data)} onDone={onDone} />;
}

function Editor({
  vehicleId,
  initial,
  onDone,
}: {
  vehicleId: number;
  initial: ConditionReport;
  onDone: () => void;
}) {
  const edits = useConditionEdits(vehicleId);
  const [photos, setPhotos] = useState(initial.photos);
  const [body, setBody] = useState<ConditionReportBody>({
    damage: initial.damage,
    tires: initial.tires,
    warningLights: initial.warningLights,
  });
  const [tiresInvalid, setTiresInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');

  /** Runs one photo edit; the answer is the truth (the server's order and kinds). */
  const run = async (label: string, edit: () => Promise<ConditionReport>) => {
    setBusy(true);
    try {
      const report = await edit();
      setPhotos(report.photos);
      setStatus(label);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Photo change failed', description: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const move = (from: number, to: number) => {
    const next = [...photos];
    const [photo] = next.splice(from, 1);
    if (!photo) return;
    next.splice(to, 0, photo);
    void run(to === 0 ? 'Cover photo set' : `Photo moved to position ${to + 1} of ${next.length}`, () =>
      edits.reorder(refsOf(next)),
    );
  };

  const save = async () => {
    if (tiresInvalid) {
      toast({ variant: 'destructive', title: 'Report not saved', description: TIRES_INVALID });
      return;
    }
    setSaving(true);
    try {
      const report = await edits.saveReport(body);
      toast({
        title: 'Condition report saved',
        description: report.grade === null ? undefined : `Grade ${report.grade.toFixed(1)} / 5`,
      });
      onDone();
    } catch (error) {
      toast({ variant: 'destructive', title: 'Report not saved', description: (error as Error).message });
    } finally {
      setSaving(false);
    }
  };

  const photoOptions = photos.map((photo, i) => ({
    ref: photo.id,
    label: `Photo ${i + 1} · ${photoCaption(photo, [])}`,
  }));

  return (
    <div className="grid gap-6" data-testid="condition-editor">
      <section aria-labelledby="edit-photos-heading" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="edit-photos-heading" className="text-base font-semibold text-slate-900">
            Photos{' '}
            <span className="font-normal text-slate-500">
              ({photos.length} of {MAX_PHOTOS})
            </span>
          </h3>
          <AddPhotos
            disabled={busy || photos.length >= MAX_PHOTOS}
            onAdded={(photo) => run('Photo added', () => edits.attach([{ id: photo.id, kind: photo.kind }]))}
          />
        </div>
        <p aria-live="polite" className="sr-only">
          {status}
        </p>
        {photos.length === 0 ? (
          <p className="text-sm text-slate-600">No photos yet.</p>
        ) : (
          <ol className="grid gap-2 sm:grid-cols-2" aria-busy={busy}>
            {photos.map((photo, i) => (
              <li
                key={photo.id}
                className="grid grid-cols-[6rem_minmax(0,1fr)] gap-3 rounded-lg border border-slate-200 p-2"
                data-testid={`edit-photo-${photo.id}`}
              >
                <PhotoPicture
                  photo={photo}
                  alt=""
                  sizes="96px"
                  className="w-24 rounded"
                  style={{ aspectRatio: '4 / 3' }}
                />
                <div className="grid min-w-0 gap-1.5">
                  <div className="flex items-center gap-2 text-sm">
                    <span className="font-medium text-slate-900">#{i + 1}</span>
                    {i === 0 ? (
                      <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 text-xs font-semibold text-brand-800">
                        <Star aria-hidden="true" className="h-3 w-3" /> Cover
                      </span>
                    ) : null}
                  </div>
                  <KindSelect
                    value={photo.kind}
                    position={i + 1}
                    disabled={busy}
                    onChange={(kind) =>
                      void run('Photo kind changed', () =>
                        edits.reorder(refsOf(photos.map((p) => (p.id === photo.id ? { ...p, kind } : p)))),
                      )
                    }
                  />
                  <div className="flex flex-wrap gap-1">
                    <IconAction
                      label={`Move photo ${i + 1} up`}
                      disabled={busy || i === 0}
                      onClick={() => move(i, i - 1)}
                    >
                      <ArrowUp aria-hidden="true" className="h-4 w-4" />
                    </IconAction>
                    <IconAction
                      label={`Move photo ${i + 1} down`}
                      disabled={busy || i === photos.length - 1}
                      onClick={() => move(i, i + 1)}
                    >
                      <ArrowDown aria-hidden="true" className="h-4 w-4" />
                    </IconAction>
                    <IconAction
                      label={`Make photo ${i + 1} the cover`}
                      disabled={busy || i === 0}
                      onClick={() => move(i, 0)}
                    >
                      <Star aria-hidden="true" className="h-4 w-4" />
                    </IconAction>
                    <IconAction
                      label={`Delete photo ${i + 1}`}
                      disabled={busy}
                      className="text-red-700"
                      onClick={() => {
                        // A damage item pointing at it loses its photo.
                        setBody((b) => ({
                          ...b,
                          damage: b.damage.map((d) => (d.photoId === photo.id ? { ...d, photoId: null } : d)),
                        }));
                        void run('Photo deleted', () => edits.remove(photo.id));
                      }}
                    >
                      <Trash2 aria-hidden="true" className="h-4 w-4" />
                    </IconAction>
                  </div>
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>

      <DamageEditor
        value={body.damage}
        photos={photoOptions}
        onChange={(damage) => setBody((b) => ({ ...b, damage }))}
      />
      <TiresInputs
        value={body.tires}
        onChange={(tires, hasErrors) => {
          setTiresInvalid(hasErrors);
          setBody((b) => ({ ...b, tires }));
        }}
      />
      <WarningLightsEditor
        value={body.warningLights}
        onChange={(warningLights) => setBody((b) => ({ ...b, warningLights }))}
      />
      <GradePreview report={body} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Close
        </Button>
        <Button onClick={() => void save()} disabled={saving}>
          {saving ? 'Saving…' : 'Save report'}
        </Button>
      </div>
    </div>
  );
}

function KindSelect({
  value,
  position,
  disabled,
  onChange,
}: {
  value: PhotoKind;
  position: number;
  disabled: boolean;
  onChange: (kind: PhotoKind) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        What photo {position} shows
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as PhotoKind)}
        className={cn(inputClasses, 'h-8 px-2 text-xs')}
      >
        {KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {KIND_LABELS[kind]}
          </option>
        ))}
      </select>
    </div>
  );
}

function IconAction({
  label,
  disabled,
  onClick,
  className,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      // aria-disabled keeps the button in the tab order so focus never drops to the page.
      aria-disabled={disabled || undefined}
      onClick={disabled ? undefined : onClick}
      className={cn(
        'inline-flex h-8 w-8 items-center justify-center rounded-md border border-slate-200 text-slate-700 hover:bg-slate-50 aria-disabled:opacity-40',
        className,
      )}
    >
      {children}
    </button>
  );
}

/** A file picker for photos; each file goes up by tus and is attached once processed. */
function AddPhotos({ disabled, onAdded }: { disabled: boolean; onAdded: (photo: Photo) => Promise<void> }) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const id = useId();
  const onFiles = async (files: File[]) => {
    for (const [i, file] of files.entries()) {
      const prefix = files.length > 1 ? `Photo ${i + 1} of ${files.length}: ` : '';
      setProgress(`${prefix}uploading…`);
      try {
        const photo = await uploadPhoto(file, {
          onProgress: (sent, total) => setProgress(`${prefix}${Math.round((sent / total) * 100)}%`),
        });
        setProgress(`${prefix}processing…`);
        await onAdded(photo);
      } catch (error) {
        toast({
          variant: 'destructive',
          title: `${file.name} not added`,
          description: (error as Error).message,
        });
      }
    }
    setProgress(null);
  };
  return (
    <div className="flex items-center gap-2">
      {progress ? (
        <span role="status" className="text-xs text-slate-600">
          {progress}
        </span>
      ) : null}
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-label="Choose photos to add"
        data-testid="add-photos-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length > 0) void onFiles(files);
        }}
      />
      <Button
        variant="outline"
        size="sm"
        disabled={disabled || progress !== null}
        onClick={() => input.current?.click()}
      >
        <ImagePlus aria-hidden="true" className="h-4 w-4" />
        Add photos
      </Button>
    </div>
  );
}
