import { warningLightsSchema } from '@contracts/condition-report';
import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { bindFields } from '@/lib/form-binding';
import { z, zodResolver } from '@/lib/zod';

const MAX_LIGHTS = 20;
const entrySchema = z.object({
  light: z.string().trim().min(1, 'Type a warning light or a code').max(60, 'At most 60 characters'),
});

/**
 * Warning lights on the dash and OBD codes read: type one, Add (or Enter); each chip has a Remove.
 * The same light twice (in any case) is kept once. Used by the wizard and the admin editor.
 */
export function WarningLightsEditor({
  value,
  onChange,
}: {
  value: readonly string[];
  onChange: (next: string[]) => void;
}) {
  const titleId = useId();
  const form = useForm<z.input<typeof entrySchema>>({
    resolver: zodResolver(entrySchema),
    defaultValues: { light: '' },
  });
  const field = bindFields(form);
  const full = value.length >= MAX_LIGHTS;
  const submit = form.handleSubmit(({ light }) => {
    const text = light.trim();
    if (!value.some((l) => l.toLowerCase() === text.toLowerCase())) {
      const next = [...value, text];
      if (warningLightsSchema.safeParse(next).success) onChange(next);
    }
    form.reset({ light: '' });
  });
  return (
    <section aria-labelledby={titleId} className="grid gap-3" data-testid="warning-lights-editor">
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        Warning lights / OBD codes
      </h3>
      <form noValidate onSubmit={submit} className="flex items-start gap-2">
        <FormField
          className="min-w-0 flex-1"
          label="Warning light or code"
          placeholder="Check engine, P0420…"
          maxLength={60}
          disabled={full}
          hint={full ? `At most ${MAX_LIGHTS}.` : undefined}
          {...field('light')}
        />
        {/* Level with the box: the label above it is one line of text-sm plus its gap. */}
        <Button type="submit" variant="outline" className="mt-[1.625rem] h-11" disabled={full}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add<span className="sr-only"> warning light</span>
        </Button>
      </form>
      {value.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Warning lights and codes">
          {value.map((light) => (
            <li
              key={light}
              className="flex min-h-9 max-w-full items-center gap-1 rounded-full bg-amber-100 py-1 pl-3 pr-1 text-sm text-amber-950"
            >
              <span className="min-w-0 break-words">{light}</span>
              <button
                type="button"
                aria-label={`Remove ${light}`}
                onClick={() => {
                  onChange(value.filter((l) => l !== light));
                  // The chip and its button are gone: back to the box to type another.
                  form.setFocus('light');
                }}
                className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full hover:bg-amber-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-700"
              >
                <X aria-hidden="true" className="h-4 w-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">None recorded.</p>
      )}
    </section>
  );
}
