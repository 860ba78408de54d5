import { GUIDED_SHOTS, type GuidedShotKind } from '@contracts/condition-report';
import {
  DEFAULT_REQUIRED_SHOTS,
  REQUIRED_SHOTS_TEXT,
  type UpdateRequiredShotsBody,
  updateRequiredShotsBodySchema,
} from '@contracts/required-shots';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/display/time-left';
import { zodResolver } from '@/lib/zod';
import { useUpdateRequiredShots } from '../../api/required-shots';

/**
 * The Required shots form: one checkbox per guided shot, Save, and Use the default. Loaded with the
 * schemas once the panel nears the screen (required-shots-panel.tsx, issue #47).
 */
export function RequiredShotsForm({
  saved,
  updatedAt,
}: {
  saved: readonly GuidedShotKind[];
  updatedAt: string | null;
}) {
  const form = useForm<UpdateRequiredShotsBody, unknown, { required: GuidedShotKind[] }>({
    resolver: zodResolver(updateRequiredShotsBodySchema),
    defaultValues: { required: [...saved] },
  });
  const chosen = new Set(form.watch('required'));
  const update = useUpdateRequiredShots();
  const legendId = useId();
  const unchanged = chosen.size === saved.length && saved.every((kind) => chosen.has(kind));

  const save = form.handleSubmit((values) => {
    const required = new Set(values.required);
    update.mutate(
      { required: GUIDED_SHOTS.map((s) => s.kind).filter((kind) => required.has(kind)) },
      {
        onSuccess: (result) =>
          toast({
            title: REQUIRED_SHOTS_TEXT.saved,
            description: `${result.required.length} of ${GUIDED_SHOTS.length} shots required.`,
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: REQUIRED_SHOTS_TEXT.saveFailed,
            description: error.message,
          }),
      },
    );
  });

  return (
    <form onSubmit={save} aria-labelledby={legendId} className="grid gap-4">
      <fieldset>
        <legend id={legendId} className="text-sm font-medium text-slate-800">
          Required guided shots ({chosen.size} of {GUIDED_SHOTS.length})
        </legend>
        <ul className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {GUIDED_SHOTS.map((shot) => (
            <li key={shot.kind}>
              <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg px-3 text-sm text-slate-800 ring-1 ring-slate-200 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-600">
                <input
                  type="checkbox"
                  value={shot.kind}
                  className="h-5 w-5 shrink-0 accent-brand-600"
                  {...form.register('required')}
                />
                {shot.label}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="lg" disabled={unchanged || update.isPending}>
          {update.isPending ? 'Saving...' : 'Save required shots'}
        </Button>
        <Button
          variant="outline"
          size="lg"
          onClick={() => form.setValue('required', [...DEFAULT_REQUIRED_SHOTS], { shouldDirty: true })}
        >
          Use the default
        </Button>
        <p className="text-sm text-slate-600">
          {updatedAt
            ? `Last changed ${formatDateTime(updatedAt)}.`
            : 'The default: exterior, odometer and VIN plate.'}
        </p>
      </div>
    </form>
  );
}
