import { DELIVERY_TEXT, isZipUnknownRefusal, zipSchema } from '@contracts/delivery';
import { AUCTION_CERTIFIED } from '@contracts/limits';
import { type AdminListing, LISTING_TEXT } from '@contracts/listings';
import { formatCents, toCents } from '@contracts/money';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { SelectField, TextAreaField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { MoneyField } from '@/components/ui/money-field';
import { toast } from '@/components/ui/use-toast';
import { premiumLabel } from '@/lib/brand';
import { vehicleTitle } from '@/lib/display/vehicle-title';
import { bindFields } from '@/lib/form-binding';
import { useEditListing } from '../../api/edit-listing';
import { LocationFields } from './location-fields';

interface EditForm {
  price: string;
  mileage: string;
  description: string;
  condition: string;
  locationZip: string;
  inoperable: boolean;
}

const valuesOf = (v: AdminListing): EditForm => ({
  price: v.price ?? '',
  mileage: v.mileage === null ? '' : String(v.mileage),
  description: v.description ?? '',
  condition: v.condition ?? premiumLabel,
  locationZip: v.locationZip ?? '',
  inoperable: v.inoperable,
});

/** The contract's ZIP rule (5 digits; a ZIP+4 keeps five); blank means our lot. */
const validZip = (value: string) =>
  !value.trim() || zipSchema.safeParse(value).success || DELIVERY_TEXT.zipRequired;

/**
 * Manage Listings → Edit (issue #30): a published car's price, mileage, description,
 * certification, and where it stands and whether it runs (issue #32). Sent with the listing's `updatedAt`: if someone changed it meanwhile, the server
 * refuses and the dialog says so (reload, then edit again). A lower price is a price drop, which
 * the buy orders it now matches hear of.
 */
export function EditListingButton({ vehicle }: { vehicle: AdminListing }) {
  const [open, setOpen] = useState(false);
  const edit = useEditListing();
  const name = vehicleTitle(vehicle);
  const form = useForm<EditForm>({ defaultValues: valuesOf(vehicle) });
  const field = bindFields(form);
  const onSubmit = form.handleSubmit((values) => {
    const price = toCents(values.price);
    const was = vehicle.price === null ? null : toCents(vehicle.price);
    edit.mutate(
      {
        id: vehicle.id,
        body: {
          action: 'edit',
          expectedUpdatedAt: vehicle.updatedAt,
          price: values.price,
          // A blank mileage keeps the one on file (the server reads "" as 0).
          ...(values.mileage.trim() ? { mileage: values.mileage.replaceAll(',', '') } : {}),
          description: values.description,
          condition: values.condition,
          locationZip: values.locationZip.trim() || null,
          inoperable: values.inoperable,
        },
      },
      {
        onSuccess: () => {
          toast({
            title: LISTING_TEXT.edited,
            description:
              price !== null && was !== null && price < was
                ? `${name}: price dropped to ${formatCents(price)}. Matching buy orders are told.`
                : name,
          });
          setOpen(false);
        },
        onError: (error) => {
          if (isZipUnknownRefusal(error.message))
            form.setError('locationZip', { message: error.message }, { shouldFocus: true });
        },
      },
    );
  });
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset(valuesOf(vehicle));
        else edit.reset();
      }}
      title="Edit listing"
      description={`${name} · VIN ${vehicle.vin}`}
      trigger={
        <Button variant="outline" size="sm">
          <Pencil aria-hidden="true" className="h-4 w-4" />
          Edit
          <span className="sr-only">: {name}</span>
        </Button>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <div className="grid grid-cols-2 gap-3">
          <MoneyField label="Price" {...form.register('price')} />
          <FormField label="Mileage" inputMode="numeric" {...form.register('mileage')} />
        </div>
        <SelectField label="Certification" {...form.register('condition')}>
          <option value={premiumLabel}>{premiumLabel}</option>
          <option value={AUCTION_CERTIFIED}>{AUCTION_CERTIFIED}</option>
        </SelectField>
        <TextAreaField label="Description" rows={4} maxLength={2000} {...form.register('description')} />
        <LocationFields
          zip={field('locationZip', { validate: validZip })}
          inoperable={form.register('inoperable')}
        />
        <FormAlert
          message={edit.error && !isZipUnknownRefusal(edit.error.message) ? edit.error.message : null}
        />
        <Button type="submit" disabled={edit.isPending}>
          {edit.isPending ? 'Saving…' : 'Save changes'}
        </Button>
      </form>
    </Modal>
  );
}
