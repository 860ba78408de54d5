import { ADMIN_TEXT } from '@contracts/admin';
import { isZipUnknownRefusal } from '@contracts/delivery-texts';
import { AUCTION_CERTIFIED } from '@contracts/limits';
import { FIRST_LOOK_TEXT } from '@contracts/listing-texts';
import type { AdminVehicle } from '@contracts/vehicle';
import { CheckCircle2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { SelectField, TextAreaField } from '@/components/ui/fields';
import { FormField } from '@/components/ui/form-field';
import { MoneyField } from '@/components/ui/money-field';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api/api-client';
import { premiumLabel } from '@/lib/brand';
import { formatDeadline } from '@/lib/display/time-left';
import { vehicleTitle } from '@/lib/display/vehicle-title';
import { bindFields } from '@/lib/form-binding';
import { zodResolver } from '@/lib/zod';
import { ADMIN_LABELS } from '../../admin-texts';
import { useCompleteListing } from '../../api/complete-listing';
import { LocationFields } from '../listings/location-fields';
import {
  type CompleteListingForm,
  completeListingDefaults,
  completeListingFormSchema,
  toCompleteListingBody,
} from './complete-listing-form';
import { FirstLookField } from './first-look-field';
import { PriceGuide } from './price-guide';

/** The form that publishes a queued car: its details, price with the guide, location, first look. */
export function CompleteForm({ vehicle, name }: { vehicle: AdminVehicle; name: string }) {
  const complete = useCompleteListing();
  const form = useForm<CompleteListingForm>({
    resolver: zodResolver(completeListingFormSchema),
    defaultValues: completeListingDefaults(vehicle),
  });
  const field = bindFields(form);

  const onSubmit = form.handleSubmit((values) =>
    complete.mutate(
      { id: vehicle.id, body: toCompleteListingBody(values) },
      {
        onSuccess: (saved) =>
          toast(
            saved.firstLookUntil
              ? {
                  title: ADMIN_TEXT.listingCompleted,
                  description: `${vehicleTitle(saved)}: ${FIRST_LOOK_TEXT.badge(formatDeadline(saved.firstLookUntil))}`,
                }
              : { title: ADMIN_TEXT.listingCompleted, description: vehicleTitle(saved) },
          ),
        onError: (error) => {
          // A ZIP the server does not know is the ZIP field's error, like its 5-digit rule.
          if (isZipUnknownRefusal(error.message)) {
            form.setError('locationZip', { message: error.message }, { shouldFocus: true });
            return;
          }
          toast(
            error instanceof ApiError && error.status === 404
              ? { variant: 'destructive', title: ADMIN_TEXT.vehicleNotFound }
              : { variant: 'destructive', title: ADMIN_TEXT.listingFailed, description: error.message },
          );
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid content-start gap-3" aria-label={`Complete ${name}`}>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <FormField label="Year" inputMode="numeric" {...field('year')} />
        <FormField label="Make" {...field('make')} />
        <FormField label="Model" {...field('model')} />
        <FormField label="Trim" {...field('trim')} />
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label="Mileage" inputMode="numeric" autoComplete="off" required {...field('mileage')} />
        <MoneyField label="Price ($)" required {...field('price')} />
        <SelectField label="Certification" required {...field('condition')}>
          <option value="">Choose…</option>
          <option value={premiumLabel}>{premiumLabel}</option>
          <option value={AUCTION_CERTIFIED}>{AUCTION_CERTIFIED}</option>
        </SelectField>
      </div>
      <PriceGuide vehicleId={vehicle.id} form={form} />
      <TextAreaField label="Description" {...field('description')} />
      <LocationFields zip={field('locationZip')} inoperable={form.register('inoperable')} />
      <FirstLookField vehicleId={vehicle.id} form={form} />
      <div className="flex justify-end">
        <Button type="submit" disabled={complete.isPending} className="w-full sm:w-auto">
          <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
          {complete.isPending ? 'Publishing…' : ADMIN_LABELS.completeListing}
        </Button>
      </div>
    </form>
  );
}
