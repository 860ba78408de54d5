import type { DamageItem } from '@contracts/condition-report';
import {
  DAMAGE_PANEL_KEYS,
  DAMAGE_PANELS,
  DAMAGE_SIZE_KEYS,
  DAMAGE_SIZES,
  DAMAGE_TYPE_KEYS,
  DAMAGE_TYPES,
  type DamagePanel,
  describeDamage,
} from '@contracts/condition-report-rules';
import { Check, Plus } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { type UseFormRegisterReturn, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { SelectField, SelectOptions } from '@/components/ui/fields';
import { FieldError, FormField, inputClasses } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import { bindFields } from '@/lib/form-binding';
import { z, zodResolver } from '@/lib/zod';
import { CarOutline } from './car-outline';

/** How a caller names a photo: a stored photo's id (admin) or an upload's queue key (wizard). */
export type PhotoRef = string | number;

/** A damage item as edited: the contract's item, its photo named the caller's way. */
export type DamageEntry<Ref extends PhotoRef> = Omit<DamageItem, 'photoId'> & { photoId: Ref | null };

/** A photo a damage item can point at, with the text to show for it. */
export interface DamagePhotoOption<Ref extends PhotoRef> {
  ref: Ref;
  label: string;
}

const damageFormSchema = z.object({
  panel: z.enum(DAMAGE_PANEL_KEYS, { error: 'Tap the damaged panel on the car, or choose it here' }),
  type: z.enum(DAMAGE_TYPE_KEYS, { error: 'Choose the type of damage' }),
  size: z.enum(DAMAGE_SIZE_KEYS, { error: 'Choose the size' }),
  /** The chosen option's ref as the select holds it ('' = no photo). */
  photo: z.string(),
  note: z.string().trim().max(200, 'At most 200 characters'),
});
type DamageFormInput = z.input<typeof damageFormSchema>;

const valuesOf = (item: DamageEntry<PhotoRef>): DamageFormInput => ({
  panel: item.panel,
  type: item.type,
  size: item.size,
  photo: item.photoId === null ? '' : String(item.photoId),
  note: item.note ?? '',
});

/**
 * One damage item, new or being edited: the panel from the car outline (or its list), type and
 * size as chips, an optional photo and note. Mounted afresh (by key) for each item it edits.
 */
export function DamageForm<Ref extends PhotoRef>({
  editing,
  counts,
  photos,
  photoAction,
  onSubmit,
  onCancel,
}: {
  /** The item being edited and its number; null adds a new one. */
  editing: { item: DamageEntry<Ref>; n: number } | null;
  /** Items per panel, shown on the outline. */
  counts: Partial<Record<DamagePanel, number>>;
  photos: readonly DamagePhotoOption<Ref>[];
  /** Beside the photo choice (the wizard's camera button): `choose` picks a photo once it is listed. */
  photoAction?: ((choose: (ref: Ref) => void) => ReactNode) | undefined;
  onSubmit: (item: DamageEntry<Ref>) => void;
  onCancel: () => void;
}) {
  const photoId = useId();
  const form = useForm<DamageFormInput>({
    resolver: zodResolver(damageFormSchema),
    defaultValues: editing ? valuesOf(editing.item) : { photo: '', note: '' },
  });
  const field = bindFields(form);
  const panel = useWatch({ control: form.control, name: 'panel' });
  const isEditing = editing !== null;
  useEffect(() => {
    if (isEditing) form.setFocus('panel');
  }, [isEditing, form]);

  // A photo taken here joins the choices on a later render; choose it then.
  const [chosen, setChosen] = useState<Ref | null>(null);
  useEffect(() => {
    if (chosen !== null && photos.some((p) => p.ref === chosen)) {
      form.setValue('photo', String(chosen));
      setChosen(null);
    }
  }, [chosen, photos, form]);

  const submit = form.handleSubmit((values) => {
    onSubmit({
      panel: values.panel,
      type: values.type,
      size: values.size,
      photoId: photos.find((p) => String(p.ref) === values.photo)?.ref ?? null,
      note: values.note.trim() || null,
    });
    // The next item starts empty: a size or type carried over unnoticed recorded damage wrongly.
    form.reset();
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Damage item"
      className="@container rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <div className="grid gap-4 @xl:grid-cols-[minmax(0,17rem)_minmax(0,1fr)] @xl:items-start">
        <CarOutline
          selected={panel ?? null}
          counts={counts}
          onSelect={(next) => form.setValue('panel', next, { shouldValidate: form.formState.isSubmitted })}
        />
        <div className="grid gap-4">
          {editing ? (
            <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-900">
              Editing item {editing.n}: {describeDamage(editing.item)}
            </p>
          ) : null}
          <SelectField label="Panel" {...field('panel')}>
            <SelectOptions items={DAMAGE_PANELS} placeholder="Choose a panel…" />
          </SelectField>
          <Choices legend="Type" options={DAMAGE_TYPES} {...field('type')} />
          <Choices legend="Size" options={DAMAGE_SIZES} {...field('size')} />
          <div className="grid gap-1.5">
            <label htmlFor={photoId} className="text-sm font-medium text-slate-800">
              Photo (optional)
            </label>
            <select id={photoId} className={inputClasses} {...form.register('photo')}>
              <option value="">No photo</option>
              {photos.map((p) => (
                <option key={p.ref} value={String(p.ref)}>
                  {p.label}
                </option>
              ))}
            </select>
            {photoAction?.(setChosen)}
          </div>
          <FormField label="Note (optional)" maxLength={200} {...field('note')} />
          <div className="grid gap-2 @sm:flex @sm:flex-wrap">
            <Button type="submit" variant="secondary" size="lg">
              {editing ? (
                <>
                  <Check aria-hidden="true" className="h-5 w-5" />
                  Save item {editing.n}
                </>
              ) : (
                <>
                  <Plus aria-hidden="true" className="h-5 w-5" />
                  Add damage
                </>
              )}
            </Button>
            {editing ? (
              <Button variant="outline" size="lg" onClick={onCancel}>
                Cancel
              </Button>
            ) : null}
          </div>
        </div>
      </div>
    </form>
  );
}

/** Radio chips: big enough to tap, arrow keys move within the group. */
function Choices<K extends string>({
  legend,
  options,
  error,
  ...registration
}: UseFormRegisterReturn & {
  legend: string;
  options: Record<K, string>;
  error: string | undefined;
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
            <input type="radio" value={key} className="sr-only" {...registration} />
            {options[key]}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
