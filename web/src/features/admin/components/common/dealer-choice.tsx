import { useState } from 'react';
import { SelectField } from '@/components/ui/fields';
import { SearchBox, usePausedSearch } from '@/components/ui/search-box';
import { useDealers } from '../../api/get-dealers';

/**
 * A list's dealer choice (issue #47) without loading every dealer: the first 100 by name, or those
 * its search (name, e-mail or ZIP) finds, as the buy-code form's; the chosen dealer, which may be
 * on neither, is read by its id. `value` is the dealer's id ('' for all dealers).
 */
export function DealerChoice({ value, onChange }: { value: string; onChange: (dealerId: string) => void }) {
  const [found, setFound] = useState('');
  const [text, setText] = usePausedSearch(found, setFound);
  const dealers = useDealers({ q: found || undefined, limit: 100 });
  const id = Number(value) || null;
  const chosen = useDealers({ id: id ?? undefined, limit: 1 }, id !== null);
  const listed = dealers.data?.items ?? [];
  const options = [
    ...(chosen.data?.items ?? []).filter((dealer) => !listed.some((d) => d.id === dealer.id)),
    ...listed,
  ];
  return (
    <>
      <SearchBox label="Find a dealer" value={text} onChange={setText} />
      <SelectField label="Dealer" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All dealers</option>
        {options.map((dealer) => (
          <option key={dealer.id} value={dealer.id}>
            {dealer.dealerName}
            {dealer.active ? '' : ' (inactive)'}
          </option>
        ))}
      </SelectField>
    </>
  );
}
