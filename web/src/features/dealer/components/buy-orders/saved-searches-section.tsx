import { SAVED_SEARCH_TEXT, type SavedSearchView } from '@contracts/buy-orders';
import { dealerItemAnchor } from '@contracts/dealer-dashboard';
import { Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import { AnchoredItem } from '@/components/ui/anchored-item';
import { Button, buttonClasses } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useDeleteSavedSearch, useSavedSearchesPage, useUpdateSavedSearch } from '../../api/buy-orders';
import { DASHBOARD_SECTIONS } from '../../dashboard-sections';
import { AlertControls, alertChangeToasts } from '../alerts/alert-controls';
import { DashboardPagedSection } from '../dashboard/dashboard-paged-section';

const CERT = { all: null, premium: 'premium certified', auction: 'auction certified' } as const;

/** "“rav4” · auction certified · grade 3.5+": what a saved search asks for, in one line. */
const describe = (s: SavedSearchView) =>
  [s.q ? `“${s.q}”` : 'Every car', CERT[s.cert], s.grade ? `grade ${s.grade}+` : null]
    .filter(Boolean)
    .join(' · ');

const anchorOf = (search: SavedSearchView) => dealerItemAnchor('savedSearch', search.id);

/**
 * Dashboard → Buy orders & alerts → Saved searches (docs/design.md §13): the person's searches from
 * the inventory, how many new cars matched each (and were e-mailed), the search again in one tap,
 * and Delete. The server pages them (20 a page, newest first, issue #47); an alert's unsubscribe
 * page links to its search (`#saved-search-4`), read by its id and shown first when on another page.
 */
export function SavedSearchesSection({ canAct }: { canAct: boolean }) {
  const remove = useDeleteSavedSearch();
  const update = useUpdateSavedSearch();
  return (
    <DashboardPagedSection
      section={DASHBOARD_SECTIONS.savedSearches}
      item="savedSearch"
      usePage={useSavedSearchesPage}
      listClassName="mt-4 grid gap-2"
    >
      {(s) => (
        <AnchoredItem
          key={s.id}
          anchor={anchorOf(s)}
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 p-3"
        >
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">{s.name}</p>
            <p className="text-sm text-slate-700">
              {describe(s)} · {s.matches === 1 ? '1 new match' : `${s.matches} new matches`}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Link href={s.path} className={buttonClasses('outline', 'sm')}>
              Search<span className="sr-only"> {s.name}</span>
            </Link>
            {canAct ? (
              <Button
                size="sm"
                variant="ghost"
                disabled={remove.isPending}
                onClick={() =>
                  // Through the promise (docs/conventions.md habit 6): the mutation settles once the
                  // list is read again, without this search, and mutate()'s callbacks with it.
                  remove.mutateAsync(s.id).then(
                    () => toast({ title: SAVED_SEARCH_TEXT.deleted, description: s.name }),
                    (error: Error) =>
                      toast({
                        variant: 'destructive',
                        title: 'Could not delete',
                        description: error.message,
                      }),
                  )
                }
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                Delete<span className="sr-only"> {s.name}</span>
              </Button>
            ) : null}
          </div>
          <div className="basis-full">
            <AlertControls
              state={s}
              canAct={canAct}
              pending={update.isPending}
              name={s.name}
              onChange={(body, done) => {
                const toasts = alertChangeToasts(done, s.name);
                update.mutateAsync({ id: s.id, body }).then(toasts.onSuccess, toasts.onError);
              }}
            />
          </div>
        </AnchoredItem>
      )}
    </DashboardPagedSection>
  );
}
