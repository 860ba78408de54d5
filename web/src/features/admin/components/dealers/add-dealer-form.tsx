import { ADMIN_TEXT } from '@contracts/admin';
import { type CreateDealerBody, createDealerBodySchema } from '@contracts/dealers';
import { isZipUnknownRefusal } from '@contracts/delivery-texts';
import { UserPlus } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { zodResolver } from '@/lib/zod';
import { ADMIN_LABELS } from '../../admin-texts';
import { type CreatedDealer, useCreateDealer } from '../../api/create-dealer';

const EMPTY: CreateDealerBody = {
  dealerName: '',
  address: '',
  contactName: '',
  email: '',
  phone: '',
  billingContactName: '',
  billingContactEmail: '',
  billingContactPhone: '',
  titleContactName: '',
  titleContactEmail: '',
  titleContactPhone: '',
};

/** The add-dealer form: eleven fields with the spec's messages (docs/product.md §5), validated by the contract. */
export function AddDealerForm({ onCreated }: { onCreated: (dealer: CreatedDealer) => void }) {
  const headingId = useId();
  const create = useCreateDealer();
  const form = useForm<CreateDealerBody>({
    resolver: zodResolver(createDealerBodySchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const field = (name: keyof CreateDealerBody, label: string, props: Record<string, string> = {}) => (
    <FormField label={label} error={errors[name]?.message} {...props} {...form.register(name)} />
  );

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (dealer) => {
        toast({
          title: ADMIN_TEXT.dealerAdded,
          description: `${dealer.dealerName}: buy code ${dealer.buyCode.code}`,
        });
        form.reset(EMPTY);
        onCreated(dealer);
      },
      onError: (error) => {
        // The ZIP ending the address is one the server does not know: the address field's error.
        if (isZipUnknownRefusal(error.message)) {
          form.setError('address', { message: error.message }, { shouldFocus: true });
          return;
        }
        toast({ variant: 'destructive', title: ADMIN_TEXT.dealerAddFailed, description: error.message });
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="grid gap-5">
      <h3 id={headingId} className="sr-only">
        {ADMIN_LABELS.addDealer}
      </h3>
      <Group legend="Dealership">
        {field('dealerName', 'Dealer name', { autoComplete: 'organization' })}
        {field('address', 'Address', { autoComplete: 'street-address' })}
      </Group>
      <Group legend="Main contact">
        {field('contactName', 'Contact name')}
        {field('email', 'Email', { type: 'email', autoComplete: 'off' })}
        {field('phone', 'Phone', { type: 'tel', autoComplete: 'off' })}
      </Group>
      <Group legend="Billing contact">
        {field('billingContactName', 'Billing contact name')}
        {field('billingContactEmail', 'Billing contact email', { type: 'email', autoComplete: 'off' })}
        {field('billingContactPhone', 'Billing contact phone', { type: 'tel', autoComplete: 'off' })}
      </Group>
      <Group legend="Title contact">
        {field('titleContactName', 'Title contact name')}
        {field('titleContactEmail', 'Title contact email', { type: 'email', autoComplete: 'off' })}
        {field('titleContactPhone', 'Title contact phone', { type: 'tel', autoComplete: 'off' })}
      </Group>
      <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto sm:justify-self-end">
        <UserPlus aria-hidden="true" className="h-4 w-4" />
        {create.isPending ? 'Adding…' : ADMIN_LABELS.addDealer}
      </Button>
    </form>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{legend}</legend>
      {children}
    </fieldset>
  );
}
