import { ADMIN_TEXT, createBuyCodeBodySchema } from '@contracts/admin';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { useCreateBuyCode } from '../api/create-buy-code';
import { useDealers } from '../api/get-dealers';
import { fromLocalInput, parseMaxUses } from './buy-code-limits-dialog';
import { SelectField } from './fields';

/** Creates a code for any dealer, optionally with max uses and an expiry. */
export function GenerateBuyCodeForm() {
  const dealers = useDealers();
  const create = useCreateBuyCode();
  const [dealerId, setDealerId] = useState('');
  const [maxUses, setMaxUses] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = createBuyCodeBodySchema.safeParse({
      dealerId: dealerId || undefined,
      maxUses: parseMaxUses(maxUses),
      expiresAt: fromLocalInput(expiresAt),
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        next[field] ??= field === 'dealerId' ? 'Choose a dealer' : issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (code) => {
        toast({ title: ADMIN_TEXT.buyCodeGenerated, description: `${code.dealerName}: ${code.code}` });
        setMaxUses('');
        setExpiresAt('');
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Failed to generate buy code', description: error.message }),
    });
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Generate a buy code"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)_minmax(0,1.2fr)_auto] lg:items-start"
    >
      <SelectField
        label="Dealer"
        value={dealerId}
        error={errors.dealerId}
        onChange={(e) => setDealerId(e.target.value)}
      >
        <option value="">Choose a dealer…</option>
        {dealers.data?.map((dealer) => (
          <option key={dealer.id} value={dealer.id}>
            {dealer.dealerName}
            {dealer.active ? '' : ' (inactive)'}
          </option>
        ))}
      </SelectField>
      <FormField
        label="Max uses"
        type="number"
        inputMode="numeric"
        min="1"
        step="1"
        placeholder="Unlimited"
        value={maxUses}
        error={errors.maxUses}
        onChange={(e) => setMaxUses(e.target.value)}
      />
      <FormField
        label="Expires"
        type="datetime-local"
        value={expiresAt}
        error={errors.expiresAt}
        onChange={(e) => setExpiresAt(e.target.value)}
      />
      <Button type="submit" disabled={create.isPending} className="lg:mt-[1.625rem]">
        <Plus aria-hidden="true" className="h-4 w-4" />
        {create.isPending ? 'Generating…' : 'Generate'}
      </Button>
    </form>
  );
}
