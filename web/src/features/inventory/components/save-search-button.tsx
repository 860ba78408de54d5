import { SAVED_SEARCH_TEXT } from '@contracts/saved-search-texts';
import { Bookmark } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import type { InventorySearch } from '../api/search-vehicles';

// The form (its session check and validation library) loads when the dialog first opens.
const SaveSearchForm = lazy(() => import('./save-search-form').then((m) => ({ default: m.SaveSearchForm })));

const [SAVE_VERB, ...rest] = SAVED_SEARCH_TEXT.save.split(' ');
const SAVE_REST = ` ${rest.join(' ')}`;

/**
 * Save this search (docs/design.md §13): the search as the page shows it (words, certification,
 * grade, sort and every filter), saved with a name for the signed-in dealer, who is then told of
 * each new car that matches. Rendered with the page, so a tap before the code runs is held and
 * replayed (ADR 0020).
 */
export function SaveSearchButton({ search }: { search: InventorySearch }) {
  const [open, setOpen] = useState(false);
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title={SAVED_SEARCH_TEXT.save}
      description="We tell you of each new car that matches it, at once or in a daily digest."
      trigger={
        <Button variant="outline" size="sm" className="whitespace-nowrap">
          <Bookmark aria-hidden="true" className="h-4 w-4" />
          {/* "Save" on a phone, so the results' row keeps to one line; its name is whole everywhere. */}
          <span>
            {SAVE_VERB}
            <span className="sr-only sm:not-sr-only">{SAVE_REST}</span>
          </span>
        </Button>
      }
    >
      <Suspense fallback={<p className="text-sm text-slate-600">Loading…</p>}>
        {open ? <SaveSearchForm search={search} onDone={() => setOpen(false)} /> : null}
      </Suspense>
    </Modal>
  );
}
