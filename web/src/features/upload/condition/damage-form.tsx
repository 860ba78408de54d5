import {
  DAMAGE_PANEL_KEYS,
  DAMAGE_PANELS,
  DAMAGE_SIZE_KEYS,
  DAMAGE_SIZES,
  DAMAGE_TYPE_KEYS,
  DAMAGE_TYPES,
  type DamagePanel,
} from '@contracts/condition-report';
import { Camera, Plus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField, inputClasses } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import { z, zodResolver } from '@/lib/zod';
import { photoKindLabel } from '../photos/photo-labels';
import { PhotoPickButton } from '../photos/photo-pick-button';
import type { QueuedPhoto } from '../photos/photo-queue';
import type { DraftDamage } from '../wizard-state';

const damageFormSchema = z.object({
  panel: z.enum(DAMAGE_PANEL_KEYS, { error: 'Tap the damaged panel on the car, or choose it here' }),
  type: z.enum(DAMAGE_TYPE_KEYS, { error: 'Choose the type of damage' }),
  size: z.enum(DAMAGE_SIZE_KEYS, { error: 'Choose the size' }),
  photoKey: z.string().nullable(),
  note: z.string().trim().max(200, 'At most 200 characters'),
});
type DamageFormInput = z.input<typeof damageFormSchema>;

function Choices<K extends string>({
  legend,
  name,
  options,
  error,
  register,
}: {
  legend: string;
  name: 'type' | 'size';
  options: Record<K, string>;
  error: string | undefined;
  register: ReturnType<typeof useForm<DamageFormInput>>['register'];
}) {
  const errorId = useId();
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {(Object.keys(options) as K[]).map((key) => (
          <label
            key={key}
            className={cn(
              'flex h-10 cursor-pointer items-center rounded-full border border-slate-300 bg-white px-3 text-sm text-slate-800',
              'has-[:checked]:border-brand-700 has-[:checked]:bg-brand-600 has-[:checked]:text-white',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-1',
            )}
          >
            <input type="radio" value={key} className="sr-only" {...register(name)} />
            {options[key]}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One damage item: panel (from the outline or the list), type, size, an optional photo and note. */
export function DamageForm({
  panel,
  onPanel,
  photos,
  onShootPhoto,
  onAdd,
}: {
  panel: DamagePanel | null;
  onPanel: (panel: DamagePanel) => void;
  photos: readonly QueuedPhoto[];
  /** Adds a 'damage' photo to the queue; returns its key (null when the limit is reached). */
  onShootPhoto: (file: File) => string | null;
  onAdd: (item: DraftDamage) => void;
}) {
  const panelId = useId();
  const photoId = useId();
  const form = useForm<DamageFormInput>({
    resolver: zodResolver(damageFormSchema),
    defaultValues: { panel: panel ?? undefined, photoKey: null, note: '' },
  });
  const { errors } = form.formState;
  // Tapping the outline chooses the panel here too.
  useEffect(() => {
    if (panel) form.setValue('panel', panel, { shouldValidate: form.formState.isSubmitted });
  }, [panel, form]);

  // A photo shot here joins the choices on the next render; choose it then.
  const [shotKey, setShotKey] = useState<string | null>(null);
  useEffect(() => {
    if (shotKey && photos.some((p) => p.key === shotKey)) {
      form.setValue('photoKey', shotKey);
      setShotKey(null);
    }
  }, [shotKey, photos, form]);

  const submit = form.handleSubmit((values) => {
    onAdd({
      panel: values.panel,
      type: values.type,
      size: values.size,
      photoKey: values.photoKey || null,
      note: values.note.trim(),
    });
    // Panel, type and size stay chosen: the next item is often alike (a row of chips).
    form.reset({ panel: values.panel, type: values.type, size: values.size, photoKey: null, note: '' });
  });

  const usable = photos.filter((p) => p.status !== 'failed');
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Damage item"
      className="grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <div className="grid gap-1.5">
        <label htmlFor={panelId} className="text-sm font-medium text-slate-800">
          Panel
        </label>
        <select
          id={panelId}
          className={inputClasses}
          aria-invalid={errors.panel ? true : undefined}
          {...form.register('panel', { onChange: (e) => onPanel(e.target.value as DamagePanel) })}
        >
          <option value="">Choose a panel…</option>
          {DAMAGE_PANEL_KEYS.map((key) => (
            <option key={key} value={key}>
              {DAMAGE_PANELS[key]}
            </option>
          ))}
        </select>
        {errors.panel ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {errors.panel.message}
          </p>
        ) : null}
      </div>
      <Choices
        legend="Type"
        name="type"
        options={DAMAGE_TYPES}
        error={errors.type?.message}
        register={form.register}
      />
      <Choices
        legend="Size"
        name="size"
        options={DAMAGE_SIZES}
        error={errors.size?.message}
        register={form.register}
      />
      <div className="grid gap-1.5">
        <label htmlFor={photoId} className="text-sm font-medium text-slate-800">
          Photo (optional)
        </label>
        <select
          id={photoId}
          className={inputClasses}
          {...form.register('photoKey', { setValueAs: (v) => v || null })}
        >
          <option value="">No photo</option>
          {usable.map((p) => (
            <option key={p.key} value={p.key}>
              Photo {photos.indexOf(p) + 1} · {photoKindLabel(p.kind)}
              {p.status === 'ready' ? '' : ' (uploading)'}
            </option>
          ))}
        </select>
        <PhotoPickButton
          icon={Camera}
          label="Shoot a damage photo"
          capture
          onFiles={([file]) => {
            if (file) setShotKey(onShootPhoto(file));
          }}
        />
      </div>
      <FormField
        label="Note (optional)"
        maxLength={200}
        error={errors.note?.message}
        {...form.register('note')}
      />
      <Button type="submit" variant="secondary" size="lg">
        <Plus aria-hidden="true" className="h-5 w-5" />
        Add damage
      </Button>
    </form>
  );
}
