import { warningLightsSchema } from '@contracts/condition-report';
import { Plus, X } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { z, zodResolver } from '@/lib/zod';

const MAX_LIGHTS = 20;
const entrySchema = z.object({
  light: z.string().trim().min(1, 'Type a warning light or a code').max(60, 'At most 60 characters'),
});

/** Warning lights on the dash and OBD codes read: a free list of chips. */
export function WarningLights({
  lights,
  onChange,
}: {
  lights: string[];
  onChange: (lights: string[]) => void;
}) {
  const form = useForm<z.input<typeof entrySchema>>({
    resolver: zodResolver(entrySchema),
    defaultValues: { light: '' },
  });
  const full = lights.length >= MAX_LIGHTS;
  const submit = form.handleSubmit(({ light }) => {
    const value = light.trim();
    if (!lights.some((l) => l.toLowerCase() === value.toLowerCase())) {
      const next = [...lights, value];
      if (warningLightsSchema.safeParse(next).success) onChange(next);
    }
    form.reset({ light: '' });
  });
  return (
    <section aria-labelledby="lights-title" className="grid gap-3">
      <h3 id="lights-title" className="text-base font-semibold text-slate-900">
        Warning lights / OBD codes
      </h3>
      <form noValidate onSubmit={submit} className="flex items-end gap-2">
        <FormField
          className="flex-1"
          label="Warning light or code"
          placeholder="Check engine, P0420…"
          maxLength={60}
          disabled={full}
          error={form.formState.errors.light?.message}
          {...form.register('light')}
        />
        <Button
          type="submit"
          variant="outline"
          size="lg"
          className="px-4"
          disabled={full}
          aria-label="Add warning light"
        >
          <Plus aria-hidden="true" className="h-5 w-5" />
        </Button>
      </form>
      {lights.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Warning lights and codes">
          {lights.map((light) => (
            <li
              key={light}
              className="flex h-9 items-center gap-1 rounded-full bg-amber-100 pl-3 pr-1 text-sm text-amber-950"
            >
              {light}
              <button
                type="button"
                aria-label={`Remove ${light}`}
                onClick={() => onChange(lights.filter((l) => l !== light))}
                className="flex h-7 w-7 items-center justify-center rounded-full hover:bg-amber-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-700"
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
