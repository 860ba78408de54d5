import { SAVED_SEARCH_TEXT, savedSearchDeliverySchema } from '@contracts/buy-orders';
import { PAGE_PATHS } from '@contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { AlertDeliveryFields } from '@/components/alerts/alert-delivery-fields';
import { Button, buttonClasses } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { callApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';
import { useDealerMe } from '@/lib/auth/dealer-session';
import { bindFields } from '@/lib/form-binding';
import { type z, zodResolver } from '@/lib/zod';
import type { InventorySearch } from '../api/search-vehicles';
import { GRADE_FILTER_LABELS } from '../inventory-query';
import { INVENTORY_TEXTS } from '../inventory-texts';
import { FILTER_NAMES } from '../use-inventory-params';
import { filterSummary } from './inventory-filters';

const CERT = {
  all: null,
  premium: INVENTORY_TEXTS.premium.label,
  auction: INVENTORY_TEXTS.auction.label,
} as const;

/** What the dialog asks: the name and how alerts arrive (the search itself is the page's). */
const saveSearchFormSchema = savedSearchDeliverySchema;
type SaveSearchValues = z.input<typeof saveSearchFormSchema>;
type SaveSearchFields = z.output<typeof saveSearchFormSchema>;

/** A name that says what the search is: "rav4 · Auction Certified · 3.0 and up · $25,000 max". */
function suggestedName(s: InventorySearch) {
  // The page's search: its distance with no ZIP is the signed-in dealer's (the dialog saves for one).
  const filters = filterSummary(s, undefined, true);
  return [
    s.q.trim() || (filters.length > 0 ? null : 'All listings'),
    ...filters,
    CERT[s.cert],
    s.grade === 'any' ? null : GRADE_FILTER_LABELS[s.grade],
  ]
    .filter(Boolean)
    .join(' · ')
    .slice(0, 60);
}

/** The dialog's body: who is signed in decides between the form and the way to sign in. */
export function SaveSearchForm({ search, onDone }: { search: InventorySearch; onDone: () => void }) {
  const me = useDealerMe();
  const form = useForm<SaveSearchValues, unknown, SaveSearchFields>({
    resolver: zodResolver(saveSearchFormSchema),
    defaultValues: { name: suggestedName(search), alertChannel: 'email', alertCadence: 'instant' },
    // The name's message stays until the next Save, and the focus on the button.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const field = bindFields(form);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: ({ name, alertChannel, alertCadence }: SaveSearchFields) =>
      callApi('createSavedSearch', {
        body: {
          name,
          q: search.q,
          cert: search.cert,
          grade: search.grade === 'any' ? 'any' : Number(search.grade).toFixed(1),
          sort: search.sort,
          // The filters as the search sends them ('' = none; a distance with no ZIP keeps the dealer's).
          ...Object.fromEntries(FILTER_NAMES.map((name) => [name, search[name]])),
          alertChannel,
          alertCadence,
        },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dealerPortal.savedSearches() }),
  });
  if (me.isPending) return <p className="text-sm text-slate-600">Checking your sign-in…</p>;
  if (!me.data)
    return (
      <div className="grid gap-3">
        <p className="text-sm text-slate-700">{SAVED_SEARCH_TEXT.signInToSave}</p>
        <Link href={PAGE_PATHS.dealerLogin} className={buttonClasses('primary')}>
          Dealer sign-in
        </Link>
      </div>
    );
  if (me.data.member?.role === 'viewer')
    return <p className="text-sm text-slate-700">{SAVED_SEARCH_TEXT.viewerRefused}</p>;
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((fields) => {
        // Through the promise (docs/conventions.md habit 6): the mutation settles once the saved
        // searches are read again, and mutate()'s callbacks would be lost if this form were gone.
        save.mutateAsync(fields).then(
          (saved) => {
            toast({
              title: SAVED_SEARCH_TEXT.saved,
              description: `“${saved.name}”: see it on your dashboard.`,
            });
            onDone();
          },
          // A refusal is shown in the form from the mutation's state.
          () => {},
        );
      })}
    >
      <FormField label="Name" maxLength={60} {...field('name')} />
      <AlertDeliveryFields channel={form.register('alertChannel')} cadence={form.register('alertCadence')} />
      <FormAlert message={save.error?.message} />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : SAVED_SEARCH_TEXT.save}
      </Button>
    </form>
  );
}
