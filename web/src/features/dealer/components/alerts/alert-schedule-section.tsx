import { type AlertSchedule, alertScheduleSchema } from '@contracts/alert-delivery';
import { ALERT_TEXT, hourLabel, US_TIME_ZONES } from '@contracts/alert-delivery-texts';
import { Clock3 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/fields';
import { DashboardSection } from '@/components/ui/query-states';
import { toast } from '@/components/ui/use-toast';
import { useAlertSchedule, useUpdateAlertSchedule } from '../../api/alert-schedule';

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
  const save = useUpdateAlertSchedule();
  const [form, setForm] = useState<{
    timeZone: string;
    digestHour: string;
    quietStart: string;
    quietEnd: string;
  } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (schedule.data && form === null)
      setForm({
        timeZone: schedule.data.timeZone,
        digestHour: String(schedule.data.digestHour),
        quietStart: schedule.data.quietStart === null ? NONE : String(schedule.data.quietStart),
        quietEnd: schedule.data.quietEnd === null ? NONE : String(schedule.data.quietEnd),
      });
  }, [schedule.data, form]);
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form) return;
    const body: AlertSchedule = {
      timeZone: form.timeZone,
      digestHour: Number(form.digestHour),
      quietStart: form.quietStart === NONE ? null : Number(form.quietStart),
      quietEnd: form.quietEnd === NONE ? null : Number(form.quietEnd),
    };
    const checked = alertScheduleSchema.safeParse(body);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? ALERT_TEXT.saveFailed);
      return;
    }
    setError(null);
    save.mutate(checked.data, {
      onSuccess: (saved) =>
        toast({
          title: ALERT_TEXT.saved,
          description:
            saved.quietStart === null
              ? `Daily digest at ${hourLabel(saved.digestHour)}, no quiet hours.`
              : `Daily digest at ${hourLabel(saved.digestHour)}, quiet ${hourLabel(saved.quietStart)}–${hourLabel(saved.quietEnd!)}.`,
        }),
      onError: (e) => toast({ variant: 'destructive', title: ALERT_TEXT.saveFailed, description: e.message }),
    });
  };

  return (
    <DashboardSection
      id="alert-schedule"
      icon={Clock3}
      title={ALERT_TEXT.scheduleTitle}
      intro={ALERT_TEXT.scheduleIntro}
      busy={schedule.isPending}
    >
      {schedule.isError ? (
        <div role="alert" className="mt-4 rounded-lg bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200">
          <p>Could not load your alert schedule: {schedule.error.message}</p>
          <Button size="sm" variant="outline" className="mt-2" onClick={() => void schedule.refetch()}>
            Try again
          </Button>
        </div>
      ) : !form ? (
        <div className="mt-4 h-24 animate-pulse rounded-xl bg-slate-100">
          <span className="sr-only">Loading your alert schedule…</span>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="mt-4 grid gap-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label={ALERT_TEXT.timeZone}
              value={form.timeZone}
              onChange={(e) => setForm({ ...form, timeZone: e.target.value })}
            >
              {zonesWith(browserZone, schedule.data?.timeZone).map((z) => (
                <option key={z.zone} value={z.zone}>
                  {z.label}
                </option>
              ))}
            </SelectField>
            <HourSelect
              label={ALERT_TEXT.digestHour}
              value={form.digestHour}
              onChange={(digestHour) => setForm({ ...form, digestHour })}
            />
            <HourSelect
              label={ALERT_TEXT.quietStart}
              value={form.quietStart}
              none={ALERT_TEXT.noQuiet}
              onChange={(quietStart) => setForm({ ...form, quietStart })}
            />
            <HourSelect
              label={ALERT_TEXT.quietEnd}
              value={form.quietEnd}
              none={ALERT_TEXT.noQuiet}
              error={error ?? undefined}
              onChange={(quietEnd) => setForm({ ...form, quietEnd })}
            />
          </div>
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save alert schedule'}
            </Button>
          </div>
        </form>
      )}
    </DashboardSection>
  );
}

/** An hour of the day (12 AM … 11 PM), with an optional "none" first. */
function HourSelect({
  label,
  value,
  none,
  error,
  onChange,
}: {
  label: string;
  value: string;
  none?: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <SelectField label={label} value={value} error={error} onChange={(e) => onChange(e.target.value)}>
      {none ? <option value={NONE}>{none}</option> : null}
      {HOURS.map((h) => (
        <option key={h} value={h}>
          {hourLabel(h)}
        </option>
      ))}
    </SelectField>
  );
}
