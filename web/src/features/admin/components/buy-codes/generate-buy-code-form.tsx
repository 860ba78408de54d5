import { ADMIN_TEXT } from '@contracts/admin';
import { TEAM_ROLE_LABELS } from '@contracts/team-roles';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/fields';
import { SearchBox, usePausedSearch } from '@/components/ui/search-box';
import { toast } from '@/components/ui/use-toast';
import { bindFields } from '@/lib/form-binding';
import { zodResolver } from '@/lib/zod';
import { useCreateBuyCode } from '../../api/create-buy-code';
import { useDealerTeam } from '../../api/dealer-team';
import { useDealers } from '../../api/get-dealers';
import {
  type GenerateBuyCodeBody,
  type GenerateBuyCodeForm as GenerateBuyCodeValues,
  generateBuyCodeFormSchema,
} from './buy-code-form';
import { LimitsFields } from './limits-fields';

/** Creates a code for any dealer, optionally with max uses and an expiry. */
export function GenerateBuyCodeForm() {
  // The dealers to choose from: the first 100 by name, or those the search finds (never the whole table).
  const [found, setFound] = useState('');
  const [text, setText] = usePausedSearch(found, setFound);
  const dealers = useDealers({ q: found || undefined, limit: 100 });
  const create = useCreateBuyCode();
  const form = useForm<GenerateBuyCodeValues, unknown, GenerateBuyCodeBody>({
    resolver: zodResolver(generateBuyCodeFormSchema),
    defaultValues: { dealerId: '', dealerUserId: '', maxUses: '', expiresAt: '' },
    // Errors stay as they were until the next Generate, and focus stays on the button.
    shouldFocusError: false,
    reValidateMode: 'onSubmit',
  });
  const field = bindFields(form);

  const onSubmit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (code) => {
        toast({
          title: ADMIN_TEXT.buyCodeGenerated,
          description: `${code.dealerName}${code.holderName ? ` (${code.holderName})` : ''}: ${code.code}`,
        });
        form.resetField('maxUses');
        form.resetField('expiresAt');
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Failed to generate buy code', description: error.message }),
    }),
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Generate a buy code"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)_minmax(0,1.2fr)_auto] lg:items-start"
    >
      <SearchBox
        label="Search by name, e-mail or ZIP"
        value={text}
        onChange={setText}
        className="sm:col-span-2 lg:col-span-4"
      />
      <SelectField label="Dealer" {...field('dealerId')}>
        <option value="">Choose a dealer…</option>
        {dealers.data?.items.map((dealer) => (
          <option key={dealer.id} value={dealer.id}>
            {dealer.dealerName}
            {dealer.active ? '' : ' (inactive)'}
          </option>
        ))}
      </SelectField>
      <HolderField
        dealerId={Number(form.watch('dealerId')) || null}
        register={form.register('dealerUserId')}
      />
      <LimitsFields compact maxUses={field('maxUses')} expiresAt={field('expiresAt')} />
      <Button type="submit" disabled={create.isPending} className="lg:mt-[1.625rem]">
        <Plus aria-hidden="true" className="h-4 w-4" />
        {create.isPending ? 'Generating…' : 'Generate'}
      </Button>
    </form>
  );
}

/**
 * Whose code it is, for a dealership with a team (docs/design.md §11): a buyer or an owner; blank gives
 * it to the owner. Nothing is shown for a dealership without a team.
 */
function HolderField({
  dealerId,
  register,
}: {
  dealerId: number | null;
  register: ReturnType<ReturnType<typeof useForm<GenerateBuyCodeValues>>['register']>;
}) {
  const team = useDealerTeam(dealerId ?? 0, dealerId !== null);
  const holders = (team.data ?? []).filter((m) => m.status !== 'disabled' && m.role !== 'viewer');
  if (!dealerId || holders.length === 0) return null;
  return (
    <SelectField label="For" {...register}>
      <option value="">The owner</option>
      {holders.map((m) => (
        <option key={m.id} value={m.id}>
          {m.name} ({TEAM_ROLE_LABELS[m.role]})
        </option>
      ))}
    </SelectField>
  );
}
