import { FIRST_LOOK_TEXT } from '@contracts/listing-texts';
import { Clock } from 'lucide-react';
import { useDeferredValue, useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { SelectField } from '@/components/ui/fields';
import { useFirstLookPreview } from '../../api/first-look-preview';
import { type CompleteListingForm, firstLookPreviewValues } from './complete-listing-form';

const DURATIONS = [
  { minutes: 60, label: '1 hour' },
  { minutes: 120, label: '2 hours' },
  { minutes: 240, label: '4 hours' },
  { minutes: 480, label: '8 hours' },
  { minutes: 1440, label: '24 hours' },
];

/** The values the preview asks with, once typing has paused for a moment (the price guide's too). */
export function useSettled<T>(value: T, ms = 400) {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised key stands for the value
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

/**
 * The Complete dialog's first look (docs/design.md §13): "N open orders match" for the values typed (the
 * server's own matching rule, asked as they settle), and when some do, "Hold for first look" with
 * how long (2 hours unless changed). Holding publishes it to those dealerships first.
 */
export function FirstLookField({
  vehicleId,
  form,
}: {
  vehicleId: number;
  form: UseFormReturn<CompleteListingForm>;
}) {
  const [year, make, model, trim, mileage, price, condition, description, hold] = form.watch([
    'year',
    'make',
    'model',
    'trim',
    'mileage',
    'price',
    'condition',
    'description',
    'firstLook',
  ]);
  const values = useSettled(
    firstLookPreviewValues({ year, make, model, trim, mileage, price, condition, description }),
  );
  const preview = useFirstLookPreview(vehicleId, values);
  const orders = useDeferredValue(preview.data?.orders);
  return (
    <div className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <p className="flex items-center gap-2 text-sm font-medium text-slate-800" aria-live="polite">
        <Clock aria-hidden="true" className="h-4 w-4 text-brand-700" />
        {orders === undefined
          ? preview.isError
            ? 'Could not check the open buy orders'
            : 'Checking open buy orders…'
          : FIRST_LOOK_TEXT.matches(orders)}
        {orders && preview.data && preview.data.dealers > 1 ? (
          <span className="font-normal text-slate-600"> ({preview.data.dealers} dealers)</span>
        ) : null}
      </p>
      {orders ? (
        <div className="grid gap-3 sm:grid-cols-[auto_minmax(0,12rem)] sm:items-end">
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="mt-0.5 h-5 w-5 accent-brand-600"
              {...form.register('firstLook')}
            />
            <span>
              <span className="font-medium">{FIRST_LOOK_TEXT.hold}</span>
              <span className="block text-slate-600">{FIRST_LOOK_TEXT.holdHint}</span>
            </span>
          </label>
          <SelectField label="For" disabled={!hold} {...form.register('firstLookMinutes')}>
            {DURATIONS.map((d) => (
              <option key={d.minutes} value={d.minutes}>
                {d.label}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
    </div>
  );
}
