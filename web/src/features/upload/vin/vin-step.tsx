import { VIN_LENGTH } from '@contracts/limits';
import { UPLOAD_TEXT } from '@contracts/upload';
import { hasValidVinCheckDigit } from '@contracts/vin';
import { type ChangeEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldError, inputClasses } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api/api-client';
import { cn } from '@/lib/cn';
import { isOnline, useOnline } from '@/lib/uploads/use-online';
import { zodResolver } from '@/lib/zod';
import { useDecodeVin } from '../api/decode-vin';
import { StepActions, StepHeader } from '../step-layout';
import { useOnSessionExpired } from '../use-session-expiry';
import type { UpdateWizard, WizardState } from '../wizard-state';
import { BarcodeScanButton, canScanBarcodes } from './barcode-scanner';
import { CheckDigitOverride } from './check-digit-override';
import { decodeStateOf, decodeToast, decodeWords, vehicleText } from './decode-state';
import { DecodeStatus, MileageField, VehicleFields } from './vehicle-fields';
import { type VinStepForm, vinStepFormSchema } from './vin-form';
import { listLetters, sanitizeVinInput } from './vin-input';

/** Step 2: the VIN (typed or scanned), decoded by our server once it has 17 characters. */
export function VinStep({ state, update }: { state: WizardState; update: UpdateWizard }) {
  const decoding = useDecodeVin();
  const online = useOnline();
  const onSessionExpired = useOnSessionExpired();
  // The wizard state (kept in sessionStorage) holds what was typed; the form checks it on Continue.
  const form = useForm<VinStepForm>({
    resolver: zodResolver(vinStepFormSchema),
    values: { vin: state.vin, year: state.year, mileage: state.mileage, vinOverride: state.vinOverride },
    // A message goes when its own field changes (below), not when the wizard state does.
    resetOptions: { keepErrors: true },
    shouldFocusError: false,
  });
  const error = form.formState.errors.vin?.message;
  const yearError = form.formState.errors.year?.message;
  const mileageError = form.formState.errors.mileage?.message;
  const [refused, setRefused] = useState<string[]>([]);
  const [canScan] = useState(canScanBarcodes);
  const inputRef = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  const latestVin = useRef(state.vin);
  latestVin.current = state.vin;
  const id = useId();

  // Through the promise, not mutate()'s callbacks: those are dropped when the step unmounts, so a
  // staff member who tapped Continue before the answer came would get neither the decoded details
  // nor the toast, and the summary would contradict what the server then decoded.
  const runDecode = (vin: string) => {
    decoding.mutateAsync(vin).then(
      (result) => {
        if (latestVin.current !== vin) return;
        const decoded = {
          decodedVin: vin,
          decodeSource: result.source,
          year: result.year ? String(result.year) : '',
          make: result.make ?? '',
          model: result.model ?? '',
          trim: result.trim ?? '',
        };
        update(decoded);
        // Said from the state just written, as the status box and the summary say it.
        toast(decodeToast({ vin, ...decoded }));
      },
      (e: Error) => {
        if (latestVin.current !== vin) return;
        // No answer at all (no signal): the server decodes the VIN when the car is sent.
        const deferred = !isOnline() || !(e instanceof ApiError);
        const failed = { decodedVin: vin, decodeSource: null, decodeDeferred: deferred };
        update(failed);
        if (deferred) {
          toast(decodeToast({ vin, ...failed, year: '', make: '', model: '', trim: '' }));
          return;
        }
        const { title } = decodeWords(decodeStateOf({ vin, ...failed }));
        toast({ variant: 'destructive', title, description: e.message });
        onSessionExpired(e);
      },
    );
  };

  const setVin = (vin: string) => {
    if (vin === state.vin) return;
    latestVin.current = vin;
    form.clearErrors('vin');
    const stale = state.decodedVin !== null && state.decodedVin !== vin;
    update({
      vin,
      // A reason given for one VIN's check digit says nothing about another VIN.
      vinOverride: null,
      decodeDeferred: false,
      ...(stale ? { decodedVin: null, decodeSource: null, year: '', make: '', model: '', trim: '' } : {}),
    });
    if (vin.length === VIN_LENGTH) runDecode(vin);
  };

  // Back on this step after a reload mid-decode: decode again (answers are cached per VIN).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival at the step
  useEffect(() => {
    if (state.vin.length === VIN_LENGTH && state.decodedVin !== state.vin) runDecode(state.vin);
  }, []);

  // A decode put off for want of a signal is tried again when the signal returns on this step.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the signal changes
  useEffect(() => {
    if (online && state.decodeDeferred && state.decodedVin === state.vin && state.vin.length === VIN_LENGTH)
      runDecode(state.vin);
  }, [online]);

  // Keep the caret where the staff member was typing when letters are taken out.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each VIN change
  useLayoutEffect(() => {
    if (caret.current !== null && inputRef.current === document.activeElement) {
      inputRef.current?.setSelectionRange(caret.current, caret.current);
    }
    caret.current = null;
  }, [state.vin]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    const { value, refusedLetters } = sanitizeVinInput(raw);
    caret.current = sanitizeVinInput(raw.slice(0, event.target.selectionStart ?? raw.length)).value.length;
    if (refusedLetters.length) setRefused(refusedLetters);
    else if (value.length === 0 || value.length === VIN_LENGTH) setRefused([]);
    setVin(value);
  };

  const submit = form.handleSubmit(
    () => update({ step: 'video' }),
    (errors) => {
      if (errors.vin) inputRef.current?.focus();
    },
  );

  const complete = state.vin.length === VIN_LENGTH;
  const checkDigitWrong = complete && !hasValidVinCheckDigit(state.vin);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const decode = decodeStateOf(state, decoding.isPending);
  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <StepHeader
        title="Vehicle VIN"
        description={
          canScan ? 'Type the 17-character VIN or scan its barcode.' : 'Type the 17-character VIN.'
        }
      />

      <div className="grid gap-1.5">
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={id} className="text-sm font-medium text-slate-800">
            VIN
          </label>
          <span className="text-xs tabular-nums text-slate-600" aria-hidden="true">
            {state.vin.length}/{VIN_LENGTH}
          </span>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <input
            ref={inputRef}
            id={id}
            value={state.vin}
            onChange={onChange}
            maxLength={VIN_LENGTH}
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="next"
            placeholder="1HGCM82633A004352"
            aria-invalid={error ? true : undefined}
            aria-describedby={cn(hintId, error && errorId)}
            className={cn(
              inputClasses,
              'h-12 font-mono text-lg uppercase tracking-wider placeholder:normal-case placeholder:text-slate-400',
            )}
          />
          {canScan ? <BarcodeScanButton onVin={setVin} /> : null}
        </div>
        <p id={hintId} className="text-sm text-slate-600">
          {state.vin.length > 0 && !complete
            ? UPLOAD_TEXT.vinLength
            : "On the driver's door jamb or at the bottom of the windshield."}
        </p>
        {refused.length ? (
          <p role="status" className="text-sm text-amber-800">
            {listLetters(refused)} removed: the letters I, O and Q are never used in a VIN (type 1 or 0
            instead).
          </p>
        ) : null}
        <FieldError id={errorId} message={error} />
      </div>

      {checkDigitWrong ? (
        <CheckDigitOverride
          value={state.vinOverride}
          onChange={(vinOverride) => {
            form.clearErrors('vin');
            update({ vinOverride });
          }}
        />
      ) : null}

      {complete ? (
        <>
          <DecodeStatus decode={decode} vehicle={vehicleText(state)} />
          <VehicleFields
            state={state}
            yearError={yearError ?? null}
            disabled={decode.status === 'pending'}
            onChange={(patch) => {
              if ('year' in patch) form.clearErrors('year');
              update(patch);
            }}
          />
        </>
      ) : null}

      <MileageField
        value={state.mileage}
        error={mileageError ?? null}
        onChange={(mileage) => {
          form.clearErrors('mileage');
          update({ mileage });
        }}
      />

      <StepActions>
        <Button type="submit" size="lg" className="w-full sm:w-auto">
          Continue
        </Button>
      </StepActions>
    </form>
  );
}
