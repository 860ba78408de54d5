import {
  BUY_ORDER_TEXT,
  type CreateBuyOrderBody,
  createBuyOrderBodySchema,
  MAX_ORDER_QUANTITY,
  MAX_ORDER_TARGETS,
  ORDER_MAKES,
} from '@contracts/buy-orders';
import { isZipUnknownRefusal } from '@contracts/delivery-texts';
import { formatUsd } from '@contracts/money';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { type Resolver, useFieldArray, useForm } from 'react-hook-form';
import {
  type AlertCadence,
  type AlertChannel,
  AlertDeliveryFields,
} from '@/components/alerts/alert-delivery-fields';
import { Button } from '@/components/ui/button';
import { SelectField, SelectOptions, TextAreaField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { FieldError, FormField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { MoneyField } from '@/components/ui/money-field';
import { toast } from '@/components/ui/use-toast';
import { useReconPackages } from '@/lib/buying/recon-packages';
import { bindFields } from '@/lib/form-binding';
import { plainFieldErrors, zodResolver } from '@/lib/zod';
import { useCreateBuyOrder } from '../../api/buy-orders';

interface OrderForm {
  targets: { make: string; model: string }[];
  yearMin: string;
  yearMax: string;
  maxMiles: string;
  maxPrice: string;
  minGrade: string;
  certification: 'all' | 'premium' | 'auction';
  quantity: string;
  neededBy: string;
  deliveryZip: string;
  reconNote: string;
  alertChannel: AlertChannel;
  alertCadence: AlertCadence;
  reconPackageId: string;
}

const GRADES = {
  '': 'Any grade',
  ...Object.fromEntries(['2.0', '2.5', '3.0', '3.5', '4.0', '4.5'].map((g) => [g, `${g} or better`])),
};
const CERTIFICATIONS = {
  all: 'Any certification',
  premium: 'Premium certified only',
  auction: 'Auction certified only',
};
const MAKES = Object.fromEntries(ORDER_MAKES.map((m) => [m, m]));

/** Today plus `days`, as a date input's value (the phone's calendar day). */
const dayFromNow = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const EMPTY: OrderForm = {
  targets: [{ make: '', model: '' }],
  yearMin: '',
  yearMax: '',
  maxMiles: '',
  maxPrice: '',
  minGrade: '',
  certification: 'all',
  quantity: '1',
  neededBy: '',
  deliveryZip: '',
  reconNote: '',
  alertChannel: 'email',
  alertCadence: 'instant',
  reconPackageId: '',
};

/** The form's strings as the API's body: blank optional fields are left out. */
const bodyOf = (v: OrderForm): CreateBuyOrderBody => ({
  targets: v.targets.map((t) => ({ make: t.make, model: t.model.trim() || null })),
  yearMin: v.yearMin || null,
  yearMax: v.yearMax || null,
  maxMiles: v.maxMiles.replaceAll(',', '') || null,
  maxPrice: v.maxPrice.trim() || null,
  minGrade: v.minGrade || null,
  certification: v.certification,
  quantity: v.quantity,
  neededBy: v.neededBy,
  deliveryZip: v.deliveryZip,
  reconNote: v.reconNote || null,
  alertChannel: v.alertChannel,
  alertCadence: v.alertCadence,
  reconPackageId: v.reconPackageId ? Number(v.reconPackageId) : null,
});

const schemaResolver = zodResolver(createBuyOrderBodySchema, plainFieldErrors);
/** The contract's rules on the form's strings (the server checks the same again, and the date range). */
const resolver: Resolver<OrderForm> = async (values, context, options) => {
  const result = await schemaResolver(bodyOf(values), context, options as never);
  return { values: Object.keys(result.errors).length ? {} : values, errors: result.errors } as never;
};

/**
 * Dashboard → Buy orders → New buy order (docs/design.md §13): what to find (makes and models, years,
 * miles, price, grade, certification), how many, by when and where to. The server's refusal (too
 * many open orders, a date out of range) is shown in the dialog; a ZIP it does not know, on the
 * ZIP field.
 */
export function NewBuyOrderDialog() {
  const [open, setOpen] = useState(false);
  const create = useCreateBuyOrder();
  const packages = useReconPackages();
  const form = useForm<OrderForm>({ resolver, defaultValues: { ...EMPTY, neededBy: dayFromNow(30) } });
  const targets = useFieldArray({ control: form.control, name: 'targets' });
  const errors = form.formState.errors;
  const field = bindFields(form);
  const onSubmit = form.handleSubmit((values) => {
    // Through the promise (docs/conventions.md habit 6): the mutation settles once the orders are
    // read again, and mutate()'s callbacks are lost if the dialog is gone by then.
    create.mutateAsync(bodyOf(values)).then(
      (order) => {
        toast({
          title: BUY_ORDER_TEXT.created,
          description: `Order #${order.id}: we will e-mail you each match.`,
        });
        setOpen(false);
        form.reset({ ...EMPTY, neededBy: dayFromNow(30) });
      },
      // A ZIP the server does not know is the ZIP field's error, like its 5-digit rule.
      (error: Error) => {
        if (isZipUnknownRefusal(error.message))
          form.setError('deliveryZip', { message: error.message }, { shouldFocus: true });
      },
    );
  });
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) create.reset();
      }}
      title={BUY_ORDER_TEXT.newOrder}
      description="What should we find for you? Leave a field blank for any."
      trigger={
        <Button size="sm">
          <Plus aria-hidden="true" className="h-4 w-4" />
          {BUY_ORDER_TEXT.newOrder}
        </Button>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-medium text-slate-800">Makes and models</legend>
          {targets.fields.map((target, i) => (
            <div key={target.id} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
              <SelectField label={`Make ${i + 1}`} {...field(`targets.${i}.make`)}>
                <SelectOptions items={MAKES} placeholder="Choose a make" />
              </SelectField>
              <FormField
                label={`Model ${i + 1}`}
                placeholder="Any model"
                autoComplete="off"
                {...field(`targets.${i}.model`)}
              />
              <Button
                variant="ghost"
                className="h-11 w-11 px-0"
                aria-label={`Remove make ${i + 1}`}
                disabled={targets.fields.length === 1}
                onClick={() => targets.remove(i)}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
              </Button>
            </div>
          ))}
          <FieldError message={errors.targets?.message || errors.targets?.root?.message} />
          {targets.fields.length < MAX_ORDER_TARGETS ? (
            <Button
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() => targets.append({ make: '', model: '' })}
            >
              <Plus aria-hidden="true" className="h-4 w-4" />
              Add another make
            </Button>
          ) : null}
        </fieldset>
        <div className="grid grid-cols-2 gap-3">
          <FormField label="Year from" inputMode="numeric" placeholder="Any" {...field('yearMin')} />
          <FormField label="Year to" inputMode="numeric" placeholder="Any" {...field('yearMax')} />
          <FormField label="Max miles" inputMode="numeric" placeholder="Any" {...field('maxMiles')} />
          <MoneyField label="Max price" placeholder="Any" {...field('maxPrice')} />
          <SelectField label="Minimum grade" {...field('minGrade')}>
            <SelectOptions items={GRADES} />
          </SelectField>
          <SelectField label="Certification" {...form.register('certification')}>
            <SelectOptions items={CERTIFICATIONS} />
          </SelectField>
          <FormField
            label="Quantity"
            inputMode="numeric"
            hint={`1 to ${MAX_ORDER_QUANTITY}`}
            {...field('quantity')}
          />
          <FormField label="Needed by" type="date" {...field('neededBy')} />
          <FormField
            label="Delivery ZIP"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            {...field('deliveryZip')}
          />
        </div>
        <SelectField label="Reconditioning package" {...form.register('reconPackageId')}>
          <option value="">As inspected</option>
          {(packages.data ?? [])
            .filter((p) => Number(p.price) > 0)
            .map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} · {formatUsd(Number(p.price))}
              </option>
            ))}
        </SelectField>
        <TextAreaField
          label="Reconditioning note"
          rows={2}
          maxLength={500}
          placeholder="e.g. front-line ready, new tires"
          {...field('reconNote')}
        />
        <AlertDeliveryFields
          channel={form.register('alertChannel')}
          cadence={form.register('alertCadence')}
        />
        <FormAlert
          message={create.error && !isZipUnknownRefusal(create.error.message) ? create.error.message : null}
        />
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Placing…' : 'Place buy order'}
        </Button>
      </form>
    </Modal>
  );
}
