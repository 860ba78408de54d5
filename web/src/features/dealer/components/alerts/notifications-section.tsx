import { dealerPartId } from '@contracts/dealer-dashboard';
import type {
  DealerEventPreference,
  DealerNotificationPreferences,
} from '@contracts/notification-preferences';
import type { DealerContact } from '@contracts/notifications';
import { Bell } from 'lucide-react';
import { useEffect, useId } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DashboardSection } from '@/components/ui/query-states';
import { toast } from '@/components/ui/use-toast';
import { useSaveNotificationPreferences } from '../../api/notification-preferences';

const ROLE_LABELS: Record<DealerContact, string> = {
  main: 'main contact',
  billing: 'billing contact',
  title: 'title contact',
};

interface PreferencesForm {
  events: { email: boolean; sms: boolean }[];
}

const formValuesOf = (prefs: DealerNotificationPreferences): PreferencesForm => ({
  events: prefs.events.map((e) => ({ email: e.email, sms: e.sms })),
});

/**
 * Dashboard → Notifications (issue #16): for each event, e-mail and/or text message to the contact
 * whose job it is, or neither (off). Saved together; e-mails also carry a one-click unsubscribe.
 */
export function NotificationsSection({ preferences }: { preferences: DealerNotificationPreferences }) {
  const save = useSaveNotificationPreferences();
  const form = useForm<PreferencesForm>({ defaultValues: formValuesOf(preferences) });

  // The saved answer becomes the new baseline (the Save button waits for the next change).
  useEffect(() => {
    form.reset(formValuesOf(preferences));
  }, [preferences, form]);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      {
        preferences: preferences.events.map((event, i) => ({
          event: event.event,
          email: values.events[i]?.email ?? event.email,
          // A disabled switch keeps what was saved (a disabled input submits no value).
          sms: smsLocked(preferences, event) ? event.sms : (values.events[i]?.sms ?? event.sms),
        })),
      },
      {
        onSuccess: () =>
          toast({ title: 'Notification settings saved', description: 'We will tell you the way you chose.' }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Could not save notifications',
            description: error.message,
          }),
      },
    ),
  );

  return (
    // E-mails link here (`/dealer/dashboard/team#notifications`): it comes forward once loaded.
    <DashboardSection
      id={dealerPartId('notifications')}
      icon={Bell}
      title="Notifications"
      intro="Choose how we tell you about each event: by e-mail, by text message, both, or not at all. Each goes to the contact whose job it is."
    >
      {!preferences.smsAvailable ? (
        <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200">
          Text messages are not set up on this marketplace yet, so only e-mail can be chosen for now.
        </p>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="mt-4">
        <div className="grid gap-3 md:grid-cols-2">
          {preferences.events.map((event, i) => (
            <EventFieldset
              key={event.event}
              event={event}
              smsLocked={smsLocked(preferences, event)}
              smsAvailable={preferences.smsAvailable}
              emailField={form.register(`events.${i}.email`)}
              smsField={form.register(`events.${i}.sms`)}
              isOff={!form.watch(`events.${i}.email`) && !form.watch(`events.${i}.sms`)}
            />
          ))}
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending || !form.formState.isDirty}>
            {save.isPending ? 'Saving…' : 'Save notification settings'}
          </Button>
          {form.formState.isDirty ? <span className="text-sm text-slate-600">Unsaved changes</span> : null}
        </div>
      </form>
    </DashboardSection>
  );
}

const smsLocked = (prefs: DealerNotificationPreferences, event: DealerEventPreference) =>
  !prefs.smsAvailable || !event.smsPossible;

type Registered = UseFormRegisterReturn;

function EventFieldset({
  event,
  smsLocked,
  smsAvailable,
  emailField,
  smsField,
  isOff,
}: {
  event: DealerEventPreference;
  smsLocked: boolean;
  smsAvailable: boolean;
  emailField: Registered;
  smsField: Registered;
  isOff: boolean;
}) {
  const id = useId();
  const recipientsId = `${id}-to`;
  const smsNoteId = `${id}-sms-note`;
  const roles = event.contacts.map((c) => ROLE_LABELS[c.role]).join(' and ');
  return (
    <fieldset className="min-w-0 rounded-xl border border-slate-200 p-4" aria-describedby={recipientsId}>
      <legend className="float-left flex w-full flex-wrap items-center justify-between gap-2 font-semibold text-slate-900">
        {event.label}
        {isOff ? <Badge tone="gray">Off</Badge> : null}
      </legend>
      <ul id={recipientsId} className="clear-both mt-1 grid gap-0.5 pt-1 text-sm text-slate-600">
        {event.contacts.map((c) => (
          <li key={c.role} className="break-words">
            To {c.name} ({ROLE_LABELS[c.role]}): {c.email}
            {c.phone ? (
              <>
                {' · '}
                <span className="whitespace-nowrap">{c.phone}</span>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
        <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
          <input type="checkbox" className="h-5 w-5 accent-brand-600" {...emailField} />
          E-mail
        </label>
        <label
          className={`flex min-h-11 items-center gap-2 text-sm font-medium ${smsLocked ? 'cursor-not-allowed text-slate-500' : 'cursor-pointer text-slate-800'}`}
        >
          <input
            type="checkbox"
            className="h-5 w-5 accent-brand-600"
            disabled={smsLocked}
            aria-describedby={smsLocked && smsAvailable ? smsNoteId : undefined}
            {...smsField}
          />
          SMS
        </label>
      </div>
      {smsAvailable && !event.smsPossible ? (
        <p id={smsNoteId} className="mt-1 text-sm text-slate-600">
          No phone number that can get texts is on file for the {roles}. Ask us to update it to turn on SMS.
        </p>
      ) : null}
    </fieldset>
  );
}
