import {
  type CreateFloorPlanLineBody,
  createFloorPlanLineBodySchema,
  FLOOR_PLAN_LENDER_LABELS,
  FLOOR_PLAN_TEXT,
  type FloorPlanLine,
} from '@contracts/delivery';
import { Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SelectField, SelectOptions } from '@/components/ui/fields';
import { FormField } from '@/components/ui/form-field';
import { QuerySection } from '@/components/ui/query-states';
import { toast } from '@/components/ui/use-toast';
import { useFloorPlanLines } from '@/lib/buying/delivery-quote';
import { formatDate } from '@/lib/display/time-left';
import { bindFields } from '@/lib/form-binding';
import { zodResolver } from '@/lib/zod';
import { useCreateFloorPlanLine, useRemoveFloorPlanLine } from '../../api/delivery-api';
import { DASHBOARD_SECTIONS } from '../../dashboard-sections';

const TEXT = {
  lender: 'Lender',
  account: 'Account number',
  accountHint: 'Only its last four characters are shown; the whole number goes to the lender.',
  add: 'Add line',
  adding: 'Adding…',
  added: (day: string) => `Added ${day}`,
  removeTitle: 'Remove this floor plan line?',
  removeBody: (label: string) => `${label}: sales already sent to the lender keep their request.`,
  remove: 'Remove',
} as const;

/**
 * Dashboard → Floor plan lines (docs/design.md §15): the dealership's lines with the day each was added;
 * an owner adds one (lender and account number, the contract's rules) and removes one after a
 * confirmation. Everyone else reads them; the server refuses their changes anyway.
 */
export function FloorPlanLinesSection({ canChange }: { canChange: boolean }) {
  const lines = useFloorPlanLines();
  return (
    <QuerySection
      section={DASHBOARD_SECTIONS.floorPlanLines}
      query={lines}
      trail={
        canChange ? (
          <AddLineForm />
        ) : (
          <p className="mt-4 text-sm text-slate-600">{FLOOR_PLAN_TEXT.ownersOnly}.</p>
        )
      }
    >
      {(list) => (
        <ul className="mt-4 grid gap-2" aria-label={FLOOR_PLAN_TEXT.title}>
          {list.map((line) => (
            <LineRow key={line.id} line={line} canChange={canChange} />
          ))}
        </ul>
      )}
    </QuerySection>
  );
}

function LineRow({ line, canChange }: { line: FloorPlanLine; canChange: boolean }) {
  const remove = useRemoveFloorPlanLine();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 p-3">
      <div className="min-w-0">
        <p className="break-words font-medium text-slate-900">{line.label}</p>
        <p className="text-sm text-slate-600">{TEXT.added(formatDate(line.createdAt))}</p>
      </div>
      {canChange ? (
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="ghost" className="h-11 sm:h-9" disabled={remove.isPending}>
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              {TEXT.remove}
              <span className="sr-only"> {line.label}</span>
            </Button>
          }
          title={TEXT.removeTitle}
          description={TEXT.removeBody(line.label)}
          confirmLabel={TEXT.remove}
          destructive
          onConfirm={() =>
            // Through the promise (docs/conventions.md habit 6): the mutation settles once the lines
            // are read again, without this one, and mutate()'s callbacks with it.
            remove.mutateAsync(line.id).then(
              () => toast({ title: FLOOR_PLAN_TEXT.lineRemoved, description: line.label }),
              (error: Error) =>
                toast({ variant: 'destructive', title: 'Not removed', description: error.message }),
            )
          }
        />
      ) : null}
    </li>
  );
}

function AddLineForm() {
  const create = useCreateFloorPlanLine();
  const form = useForm<CreateFloorPlanLineBody>({
    resolver: zodResolver(createFloorPlanLineBodySchema),
    defaultValues: { accountNumber: '' },
  });
  const field = bindFields(form);
  const onSubmit = form.handleSubmit((body) => {
    // Through the promise (docs/conventions.md habit 6): the mutation settles once the lines are
    // read again, and mutate()'s callbacks are lost if the form is gone by then.
    create.mutateAsync(body).then(
      (line) => {
        toast({ title: FLOOR_PLAN_TEXT.lineAdded, description: line.label });
        form.reset({ accountNumber: '' });
      },
      // A refusal is shown under the form from the mutation's state.
      () => {},
    );
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Add a floor plan line"
      className="mt-4 grid gap-3 border-t border-slate-200 pt-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"
    >
      <SelectField
        label={TEXT.lender}
        {...field('lender', { setValueAs: (v: string) => (v === '' ? undefined : v) })}
      >
        <SelectOptions items={FLOOR_PLAN_LENDER_LABELS} placeholder="Choose…" />
      </SelectField>
      <FormField
        label={TEXT.account}
        hint={TEXT.accountHint}
        autoComplete="off"
        spellCheck={false}
        maxLength={30}
        {...field('accountNumber')}
      />
      <Button type="submit" className="h-11 sm:mt-7" disabled={create.isPending}>
        {create.isPending ? TEXT.adding : TEXT.add}
      </Button>
      {create.error ? (
        <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-3">
          {create.error.message}
        </p>
      ) : null}
    </form>
  );
}
