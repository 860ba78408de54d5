import { type DamagePanel, describeDamage } from '@contracts/condition-report-rules';
import { Pencil, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { type DamageEntry, DamageForm, type DamagePhotoOption, type PhotoRef } from './damage-form';

/**
 * The damage items of a condition report: tap a panel on the car outline (or choose it), pick
 * type and size, add; each item in the list can be edited in the same form or removed.
 * Controlled: the caller owns the list. Used by the upload wizard and the admin's editor.
 */
export function DamageEditor<Ref extends PhotoRef>({
  value,
  onChange,
  photos = [],
  photoAction,
}: {
  value: readonly DamageEntry<Ref>[];
  onChange: (next: DamageEntry<Ref>[]) => void;
  /** The photos an item may point at. */
  photos?: readonly DamagePhotoOption<Ref>[];
  /** Beside the photo choice, e.g. a camera button; `choose` selects the photo once it is listed. */
  photoAction?: (choose: (ref: Ref) => void) => ReactNode;
}) {
  const id = useId();
  const [editing, setEditing] = useState<number | null>(null);
  /**
   * Where focus goes once an item is saved, cancelled or removed (its control is gone or disabled):
   * that item's Edit button, or the heading when the list is empty.
   */
  const [refocus, setRefocus] = useState<number | 'heading' | null>(null);
  const [status, setStatus] = useState('');
  useEffect(() => {
    if (refocus === null) return;
    document.getElementById(refocus === 'heading' ? `${id}-title` : `${id}-edit-${refocus}`)?.focus();
    setRefocus(null);
  }, [refocus, id]);

  const counts: Partial<Record<DamagePanel, number>> = {};
  for (const item of value) counts[item.panel] = (counts[item.panel] ?? 0) + 1;
  const photoLabel = (ref: Ref) => photos.find((p) => p.ref === ref)?.label ?? 'Photo no longer available';
  const edited = editing === null ? undefined : value[editing];

  const submit = (item: DamageEntry<Ref>) => {
    if (editing === null) {
      onChange([...value, item]);
      setStatus(`Added ${describeDamage(item)}.`);
      return;
    }
    onChange(value.map((old, i) => (i === editing ? item : old)));
    setStatus(`Item ${editing + 1} saved: ${describeDamage(item)}.`);
    setRefocus(editing);
    setEditing(null);
  };
  const remove = (index: number) => {
    onChange(value.filter((_, i) => i !== index));
    setStatus(`Removed ${describeDamage(value[index] as DamageEntry<Ref>)}.`);
    setRefocus(value.length > 1 ? Math.min(index, value.length - 2) : 'heading');
    if (editing === index) setEditing(null);
    else if (editing !== null && editing > index) setEditing(editing - 1);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4" data-testid="damage-editor">
      <h3
        id={`${id}-title`}
        tabIndex={-1}
        className="text-base font-semibold text-slate-900 focus:outline-none"
      >
        Damage
      </h3>
      <DamageForm
        key={edited ? `edit-${editing}` : 'new'}
        editing={edited && editing !== null ? { item: edited, n: editing + 1 } : null}
        counts={counts}
        photos={photos}
        photoAction={photoAction}
        onSubmit={submit}
        onCancel={() => {
          setRefocus(editing);
          setEditing(null);
        }}
      />
      <p aria-live="polite" className="sr-only">
        {status}
      </p>
      {value.length ? (
        <ol className="grid gap-2" aria-label="Damage items">
          {value.map((item, index) => {
            const text = describeDamage(item);
            const n = index + 1;
            return (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: items have no ids; equal items are distinct.
                key={index}
                aria-current={editing === index ? 'true' : undefined}
                className="flex items-start gap-2 rounded-lg border border-slate-200 bg-white p-3 aria-[current=true]:border-brand-600 aria-[current=true]:ring-1 aria-[current=true]:ring-brand-600"
                data-testid={`damage-item-${index}`}
              >
                <span className="mt-px w-5 shrink-0 text-sm tabular-nums text-slate-500">{n}.</span>
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-medium text-slate-900">{text}</p>
                  {item.note ? <p className="break-words text-slate-600">{item.note}</p> : null}
                  {item.photoId !== null ? (
                    <p className="text-xs text-slate-500">{photoLabel(item.photoId)}</p>
                  ) : null}
                </div>
                <Button
                  id={`${id}-edit-${index}`}
                  variant="ghost"
                  size="sm"
                  className="w-10 px-0"
                  aria-label={`Edit item ${n}: ${text}`}
                  title="Edit"
                  disabled={editing === index}
                  onClick={() => setEditing(index)}
                >
                  <Pencil aria-hidden="true" className="h-4 w-4" />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="w-10 px-0 text-red-700 hover:bg-red-50"
                  aria-label={`Remove item ${n}: ${text}`}
                  title="Remove"
                  onClick={() => remove(index)}
                >
                  <X aria-hidden="true" className="h-4 w-4" />
                </Button>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="text-sm text-slate-600">No damage recorded.</p>
      )}
    </section>
  );
}
