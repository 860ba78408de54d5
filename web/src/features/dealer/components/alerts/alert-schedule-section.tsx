import { type AlertSchedule, alertScheduleSchema } from '@contracts/alert-delivery';
import { ALERT_TEXT, hourLabel, US_TIME_ZONES } from '@contracts/alert-delivery-texts';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/fields';
import { QuerySection } from '@/components/ui/query-states';
import { toast } from '@/components/ui/use-toast';
import { type BoundField, bindFields } from '@/lib/form-binding';
import { z, zodResolver } from '@/lib/zod';
import { useAlertSchedule, useUpdateAlertSchedule } from '../../api/alert-schedule';
import { DASHBOARD_SECTIONS } from '../../dashboard-sections';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const NONE = '';

/** The zones offered: the US ones, the browser's own and the saved one when they are elsewhere. */
function zonesWith(...extra: (string | undefined)[]) {
  const zones: { zone: string; label: string }[] = US_TIME_ZONES.map((z) => ({
    zone: z.zone,
    label: `${z.label} (${z.zone})`,
  }));
  for (const zone of extra)
    if (zone && !zones.some((z) => z.zone === zone)) zones.push({ zone, label: zone });
  return zones;
}

/**
 * Dashboard → Alert schedule (docs/design.md §13): the person's time zone, the hour of their daily
 * digest, and quiet hours during which instant alerts wait. The contract's rules are checked before
 * sending (a half-set quiet range is said at the field); the server checks them again.
 */
export function AlertScheduleSection() {
  const schedule = useAlertSchedule();
  return (
    <QuerySection section={DASHBOARD_SECTIONS.alertSchedule} query={schedule}>
      {(saved) => <ScheduleForm saved={saved} />}
    </QuerySection>
  );
}

/** The schedule as the form holds it (select values are text; '' is "no quiet hours"). */
const formOf = (saved: AlertSchedule) => ({
  timeZone: saved.timeZone,
  digestHour: String(saved.digestHour),
  quietStart: saved.quietStart === null ? NONE : String(saved.quietStart),
  quietEnd: saved.quietEnd === null ? NONE : String(saved.quietEnd),
});
type ScheduleFields = ReturnType<typeof formOf>;

/** The form's text read as the contract's schedule, then checked by the contract (its messages at the field). */
const scheduleFormSchema = z
  .object({ timeZone: z.string(), digestHour: z.string(), quietStart: z.string(), quietEnd: z.string() })
  .transform(
    (form): AlertSchedule => ({
      timeZone: form.timeZone,
      digestHour: Number(form.digestHour),
      quietStart: form.quietStart === NONE ? null : Number(form.quietStart),
      quietEnd: form.quietEnd === NONE ? null : Number(form.quietEnd),
    }),
  )
  .pipe(alertScheduleSchema);

/** The form, filled from the schedule read first (a later read does not overwrite what is typed). */
function ScheduleForm({ saved }: { saved: AlertSchedule }) {
  const save = useUpdateAlertSchedule();
  const form = useForm<ScheduleFields, unknown, AlertSchedule>({
    resolver: zodResolver(scheduleFormSchema),
    defaultValues: formOf(saved),
  });
  const field = bindFields(form);
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (next) =>
        toast({
          title: ALERT_TEXT.saved,
          description:
            next.quietStart === null
              ? `Daily digest at ${hourLabel(next.digestHour)}, no quiet hours.`
              : `Daily digest at ${hourLabel(next.digestHour)}, quiet ${hourLabel(next.quietStart)}–${hourLabel(next.quietEnd!)}.`,
        }),
      onError: (e) => toast({ variant: 'destructive', title: ALERT_TEXT.saveFailed, description: e.message }),
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="mt-4 grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label={ALERT_TEXT.timeZone} {...field('timeZone')}>
          {zonesWith(browserZone, saved.timeZone).map((z) => (
            <option key={z.zone} value={z.zone}>
              {z.label}
            </option>
          ))}
        </SelectField>
        <HourSelect label={ALERT_TEXT.digestHour} {...field('digestHour')} />
        <HourSelect label={ALERT_TEXT.quietStart} none={ALERT_TEXT.noQuiet} {...field('quietStart')} />
        <HourSelect label={ALERT_TEXT.quietEnd} none={ALERT_TEXT.noQuiet} {...field('quietEnd')} />
      </div>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save alert schedule'}
        </Button>
      </div>
    </form>
  );
}

/** An hour of the day (12 AM … 11 PM), with an optional "none" first. */
function HourSelect({ label, none, ...select }: BoundField & { label: string; none?: string }) {
  return (
    <SelectField label={label} {...select}>
      {none ? <option value={NONE}>{none}</option> : null}
      {HOURS.map((h) => (
        <option key={h} value={h}>
          {hourLabel(h)}
        </option>
      ))}
    </SelectField>
  );
}
