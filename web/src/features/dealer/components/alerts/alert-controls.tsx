import { type AlertCadence, type AlertChannel, alertDeliveryLabel } from '@contracts/alert-delivery-texts';
import { BellOff, BellRing } from 'lucide-react';
import { AlertDeliveryFields } from '@/components/alerts/alert-delivery-fields';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useAlertSchedule } from '../../api/alert-schedule';

export interface AlertState {
  alerts: boolean;
  alertChannel: AlertChannel;
  alertCadence: AlertCadence;
}
export type AlertChange = Partial<AlertState>;

/**
 * A buy order's or saved search's alerts on the dashboard (docs/design.md §13), one component for both:
 * the on/off toggle (pressed = on), how they arrive (a person who may act changes it in place), and
 * the line that says so ("Alerts: E-mail, daily digest at 8 AM"). `name` completes the controls'
 * accessible names ("Alerts for order #12").
 */
export function AlertControls({
  state,
  canAct,
  pending,
  name,
  onChange,
}: {
  state: AlertState;
  canAct: boolean;
  pending: boolean;
  name: string;
  onChange: (change: AlertChange, done: string) => void;
}) {
  const schedule = useAlertSchedule();
  const digestHour = schedule.data?.digestHour ?? 8;
  return (
    <div className="mt-3 grid gap-2">
      <p className="text-sm text-slate-700">
        {state.alerts
          ? `Alerts: ${alertDeliveryLabel(state.alertChannel, state.alertCadence, digestHour)}`
          : 'Alerts off: matches are listed here only'}
      </p>
      {canAct ? (
        <div className="flex flex-wrap items-end gap-3">
          <Button
            size="sm"
            variant="outline"
            className="aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-800"
            aria-pressed={state.alerts}
            disabled={pending}
            onClick={() => onChange({ alerts: !state.alerts }, state.alerts ? 'Alerts off' : 'Alerts on')}
          >
            {state.alerts ? (
              <BellRing aria-hidden="true" className="h-4 w-4" />
            ) : (
              <BellOff aria-hidden="true" className="h-4 w-4" />
            )}
            Alerts<span className="sr-only"> for {name}</span>
          </Button>
          {state.alerts ? (
            <AlertDeliveryFields
              className="grid min-w-0 flex-1 grid-cols-2 gap-2 sm:max-w-sm"
              channel={{
                value: state.alertChannel,
                disabled: pending,
                onChange: (e) =>
                  onChange(
                    { alertChannel: e.target.value as AlertChannel },
                    'Alerts will arrive by the new channel',
                  ),
              }}
              cadence={{
                value: state.alertCadence,
                disabled: pending,
                onChange: (e) =>
                  onChange(
                    { alertCadence: e.target.value as AlertCadence },
                    e.target.value === 'daily'
                      ? 'Matches will come in your daily digest'
                      : 'Matches will come at once',
                  ),
              }}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** The toasts an alert change ends with, the same for orders and searches. */
export const alertChangeToasts = (done: string, description: string) => ({
  onSuccess: () => toast({ title: done, description }),
  onError: (error: Error) =>
    toast({ variant: 'destructive', title: 'Could not change the alerts', description: error.message }),
});
