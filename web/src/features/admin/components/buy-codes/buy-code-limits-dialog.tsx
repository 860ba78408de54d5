import type { AdminBuyCode } from '@contracts/dealers';
import { SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/use-toast';
import { bindFields } from '@/lib/form-binding';
import { zodResolver } from '@/lib/zod';
import { useUpdateBuyCode } from '../../api/update-buy-code';
import {
  type BuyCodeLimitsBody,
  type BuyCodeLimitsForm,
  buyCodeLimitsFormSchema,
  toLocalInput,
} from './buy-code-form';
import { LimitsFields } from './limits-fields';

/** Sets a code's max uses and expiry (blank = unlimited / never), validated by the contract. */
export function BuyCodeLimitsDialog({ code }: { code: AdminBuyCode }) {
  const update = useUpdateBuyCode();
  const [open, setOpen] = useState(false);
  const form = useForm<BuyCodeLimitsForm, unknown, BuyCodeLimitsBody>({
    resolver: zodResolver(buyCodeLimitsFormSchema),
    defaultValues: { maxUses: '', expiresAt: '' },
    // Errors stay as they were until the next Save, and focus stays on the button.
    shouldFocusError: false,
    reValidateMode: 'onSubmit',
  });
  const field = bindFields(form);

  const onSubmit = form.handleSubmit((body) =>
    update.mutate(
      { id: code.id, body },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ title: 'Buy code updated', description: code.code });
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Failed to update buy code', description: error.message }),
      },
    ),
  );

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (next) {
          form.reset({
            maxUses: code.maxUses === null ? '' : String(code.maxUses),
            expiresAt: toLocalInput(code.expiresAt),
          });
        }
        setOpen(next);
      }}
      title={`Limits of ${code.code}`}
      description={`${code.dealerName}. Used ${code.usageCount} time${code.usageCount === 1 ? '' : 's'} so far.`}
      trigger={
        <Button size="sm" variant="outline">
          <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
          Limits<span className="sr-only"> of {code.code}</span>
        </Button>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <LimitsFields maxUses={field('maxUses')} expiresAt={field('expiresAt')} />
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save limits'}
        </Button>
      </form>
    </Modal>
  );
}
