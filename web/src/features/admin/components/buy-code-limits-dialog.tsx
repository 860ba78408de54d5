import { type AdminBuyCode, updateBuyCodeBodySchema } from '@contracts/admin';
import { SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/use-toast';
import { useUpdateBuyCode } from '../api/update-buy-code';

/** An ISO instant as the value of a datetime-local input (local time, minutes). */
export const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
/** A datetime-local value (local time) as an ISO instant; blank is null. */
export const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);
/** A max-uses input: blank is unlimited (null). */
export const parseMaxUses = (value: string) => (value.trim() === '' ? null : Number(value));

/** Sets a code's max uses and expiry (blank = unlimited / never), validated by the contract. */
export function BuyCodeLimitsDialog({ code }: { code: AdminBuyCode }) {
  const update = useUpdateBuyCode();
  const [open, setOpen] = useState(false);
  const [maxUses, setMaxUses] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const [errors, setErrors] = useState<{ maxUses?: string; expiresAt?: string }>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = updateBuyCodeBodySchema.safeParse({
      maxUses: parseMaxUses(maxUses),
      expiresAt: fromLocalInput(expiresAt),
    });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof typeof errors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    update.mutate(
      { id: code.id, body: parsed.data },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ title: 'Buy code updated', description: code.code });
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Failed to update buy code', description: error.message }),
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setMaxUses(code.maxUses === null ? '' : String(code.maxUses));
          setExpiresAt(toLocalInput(code.expiresAt));
          setErrors({});
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
      <form noValidate onSubmit={submit} className="grid gap-4">
        <FormField
          label="Max uses"
          type="number"
          inputMode="numeric"
          min="1"
          step="1"
          hint="Leave blank for unlimited."
          value={maxUses}
          error={errors.maxUses}
          onChange={(e) => setMaxUses(e.target.value)}
        />
        <FormField
          label="Expires"
          type="datetime-local"
          hint="Leave blank for no expiry."
          value={expiresAt}
          error={errors.expiresAt}
          onChange={(e) => setExpiresAt(e.target.value)}
        />
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save limits'}
        </Button>
      </form>
    </Modal>
  );
}
