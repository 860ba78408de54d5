import { RECON_PACKAGE_TEXT } from '@contracts/recon-package-texts';
import type { ReconPackage } from '@contracts/recon-packages';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { MoneyField } from '@/components/ui/money-field';
import { toast } from '@/components/ui/use-toast';
import { bindFields } from '@/lib/form-binding';
import { zodResolver } from '@/lib/zod';
import { RECON_ADMIN_LABELS as L } from '../../admin-texts';
import { useCreateReconPackage } from '../../api/create-recon-package';
import { useUpdateReconPackage } from '../../api/update-recon-package';
import {
  EMPTY_PACKAGE,
  type PackageBody,
  type PackageForm,
  packageFormSchema,
  packageFormValues,
} from './package-form';

/**
 * Add package, or Edit one: name, what it covers, price, promised business days and the checklist
 * (one item per line). The contract's rules check it before sending; what the server refuses
 * (a name another package has) is shown in the dialog as it says it.
 */
export function PackageDialog({ existing }: { existing?: ReconPackage }) {
  const [open, setOpen] = useState(false);
  const create = useCreateReconPackage();
  const update = useUpdateReconPackage();
  const saving = existing ? update : create;
  const form = useForm<PackageForm, unknown, PackageBody>({
    resolver: zodResolver(packageFormSchema),
    defaultValues: existing ? packageFormValues(existing) : EMPTY_PACKAGE,
  });
  const field = bindFields(form);
  const done = (saved: ReconPackage) => {
    toast({
      title: existing ? RECON_PACKAGE_TEXT.updated : RECON_PACKAGE_TEXT.created,
      description: saved.name,
    });
    setOpen(false);
  };
  const onSubmit = form.handleSubmit((body) =>
    existing
      ? update.mutate({ id: existing.id, body }, { onSuccess: done })
      : create.mutate(body, { onSuccess: done }),
  );
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset(existing ? packageFormValues(existing) : EMPTY_PACKAGE);
        else saving.reset();
      }}
      title={existing ? L.editPackage : L.addPackage}
      description={existing ? existing.name : undefined}
      trigger={
        existing ? (
          <Button size="sm" variant="outline">
            <Pencil aria-hidden="true" className="h-4 w-4" />
            Edit<span className="sr-only"> {existing.name}</span>
          </Button>
        ) : (
          <Button size="sm">
            <Plus aria-hidden="true" className="h-4 w-4" />
            {L.addPackage}
          </Button>
        )
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField label={L.name} maxLength={60} {...field('name')} />
        <TextAreaField label={L.description} rows={3} maxLength={500} {...field('description')} />
        <div className="grid gap-3 sm:grid-cols-2">
          <MoneyField label={L.price} {...field('price')} />
          <FormField
            label={L.promisedDays}
            inputMode="numeric"
            autoComplete="off"
            {...field('promisedDays')}
          />
        </div>
        <p className="-mt-2 text-sm text-slate-600">{L.promisedDaysHint}</p>
        <TextAreaField
          label={
            <>
              {L.checklist} <span className="font-normal text-slate-600">(one item per line)</span>
            </>
          }
          rows={6}
          {...field('checklist')}
        />
        <p className="-mt-2 text-sm text-slate-600">{L.checklistHint}</p>
        <FormAlert message={saving.error?.message} />
        <Button type="submit" disabled={saving.isPending}>
          {saving.isPending ? L.saving : existing ? L.savePackage : L.addPackage}
        </Button>
      </form>
    </Modal>
  );
}
