import { DEFAULT_RECON_TEXT } from '@contracts/limits';
import { reconBodySchema } from '@contracts/listings';
import { UPLOAD_TEXT } from '@contracts/upload';
import { Loader2 } from 'lucide-react';
import { type TextareaHTMLAttributes, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api/api-client';
import { useOnline } from '@/lib/uploads/use-online';
import { type z, zodResolver } from '@/lib/zod';
import { useUpdateRecon } from './api/update-recon';
import { StepActions, StepHeader } from './step-layout';
import { useOnSessionExpired } from './use-session-expiry';
import type { UpdateWizard, WizardState } from './wizard-state';

const RECON_MAX = 5000;

function ReconField({ label, ...textarea }: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={RECON_MAX}
        className="block min-h-24 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
        {...textarea}
      />
    </div>
  );
}

type ReconKey = keyof WizardState['recon'];
const SECTIONS: { key: ReconKey; label: string; placeholder: string }[] = [
  {
    key: 'exterior',
    label: 'Exterior',
    placeholder: `Paint, dents, glass, tires… (blank = ${DEFAULT_RECON_TEXT})`,
  },
  {
    key: 'mechanical',
    label: 'Mechanical',
    placeholder: `Engine, transmission, brakes, warning lights… (blank = ${DEFAULT_RECON_TEXT})`,
  },
  {
    key: 'interior',
    label: 'Interior',
    placeholder: `Seats, carpet, odors, electronics… (blank = ${DEFAULT_RECON_TEXT})`,
  },
];

/** Step 4: the recon report; blank sections are saved as 'None Found' by the server. */
export function ReconStep({
  state,
  update,
  onKeepOnPhone,
}: {
  state: WizardState;
  update: UpdateWizard;
  /** Finishes the car on the phone: it waits there (with these notes) and is sent with a signal. */
  onKeepOnPhone: (recon: WizardState['recon']) => Promise<void>;
}) {
  const updateRecon = useUpdateRecon();
  const online = useOnline();
  const onSessionExpired = useOnSessionExpired();
  // The draft lives in the wizard state (it survives a reload); the form checks it against the contract.
  const form = useForm<z.input<typeof reconBodySchema>>({
    resolver: zodResolver(reconBodySchema),
    values: {
      reconExterior: state.recon.exterior,
      reconMechanical: state.recon.mechanical,
      reconInterior: state.recon.interior,
    },
  });

  const submit = form.handleSubmit((values) => {
    const recon = {
      exterior: values.reconExterior?.trim() ?? '',
      mechanical: values.reconMechanical?.trim() ?? '',
      interior: values.reconInterior?.trim() ?? '',
    };
    // Not created yet (no signal at the condition step), or no signal now: the car waits on the
    // phone and the sync sends what is left (the vehicle once, by its key, then these notes).
    if (state.vehicleId === null || !online) {
      void onKeepOnPhone(recon);
      return;
    }
    updateRecon.mutate(
      {
        vehicleId: state.vehicleId,
        reconExterior: values.reconExterior?.trim() ?? '',
        reconMechanical: values.reconMechanical?.trim() ?? '',
        reconInterior: values.reconInterior?.trim() ?? '',
      },
      {
        onSuccess: () => {
          toast({ title: UPLOAD_TEXT.addedToQueue });
          update({ step: 'complete' });
        },
        onError: (error) => {
          // The signal dropped on the way: the notes wait on the phone with the car.
          if (!(error instanceof ApiError)) {
            void onKeepOnPhone(recon);
            return;
          }
          toast({ variant: 'destructive', title: UPLOAD_TEXT.reconFailed, description: error.message });
          onSessionExpired(error);
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <StepHeader
        title="Recon report"
        description={`Note anything that needs work. Leave a section blank if nothing was found: it is saved as '${DEFAULT_RECON_TEXT}'.`}
      />
      {SECTIONS.map((section) => (
        <ReconField
          key={section.key}
          label={section.label}
          placeholder={section.placeholder}
          value={state.recon[section.key]}
          onChange={(event) => update({ recon: { ...state.recon, [section.key]: event.target.value } })}
        />
      ))}
      <StepActions>
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={updateRecon.isPending}>
          {updateRecon.isPending ? (
            <>
              <Loader2 aria-hidden="true" className="h-5 w-5 animate-spin" />
              Saving…
            </>
          ) : (
            'Save recon'
          )}
        </Button>
      </StepActions>
    </form>
  );
}
