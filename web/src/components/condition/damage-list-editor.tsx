import type { DamageItem } from '@contracts/condition-report';
import {
  DAMAGE_PANEL_KEYS,
  DAMAGE_PANELS,
  DAMAGE_SIZE_KEYS,
  DAMAGE_SIZES,
  DAMAGE_TYPE_KEYS,
  DAMAGE_TYPES,
} from '@contracts/condition-report-rules';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';

/** A photo the damage item can point at, with the label to show for it. */
export interface DamagePhotoOption {
  id: number;
  label: string;
}

const selectClasses = cn(inputClasses, 'h-10 text-sm');

export const NEW_DAMAGE_ITEM: DamageItem = {
  panel: 'front_bumper',
  type: 'scratch',
  size: 'small',
  photoId: null,
  note: null,
};

/**
 * Edits a list of damage items (panel, type, size, photo, note): one row each, "Add damage item"
 * at the end. Controlled: the caller owns the list. Shared by the admin editor and the wizard.
 */
export function DamageListEditor({
  value,
  onChange,
  photos = [],
}: {
  value: DamageItem[];
  onChange: (next: DamageItem[]) => void;
  photos?: DamagePhotoOption[];
}) {
  const set = (index: number, changes: Partial<DamageItem>) =>
    onChange(value.map((item, i) => (i === index ? { ...item, ...changes } : item)));
  return (
    <div className="grid gap-3" data-testid="damage-editor">
      {value.length === 0 ? <p className="text-sm text-slate-600">No damage items.</p> : null}
      <ol className="grid gap-3">
        {value.map((item, index) => (
          <DamageRow
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no ids; removing re-keys the rest, which is harmless here
            key={index}
            index={index}
            item={item}
            photos={photos}
            onChange={(changes) => set(index, changes)}
            onRemove={() => onChange(value.filter((_, i) => i !== index))}
          />
        ))}
      </ol>
      <div>
        <Button variant="outline" size="sm" onClick={() => onChange([...value, { ...NEW_DAMAGE_ITEM }])}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add damage item
        </Button>
      </div>
    </div>
  );
}

function DamageRow({
  index,
  item,
  photos,
  onChange,
  onRemove,
}: {
  index: number;
  item: DamageItem;
  photos: DamagePhotoOption[];
  onChange: (changes: Partial<DamageItem>) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const n = index + 1;
  return (
    <li
      className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr_auto]"
      aria-label={`Damage item ${n}`}
      data-testid={`damage-item-${index}`}
    >
      <Labelled id={`${id}-panel`} label={labelled('Panel', n)}>
        <select
          id={`${id}-panel`}
          value={item.panel}
          onChange={(e) => onChange({ panel: e.target.value as DamageItem['panel'] })}
          className={selectClasses}
        >
          {DAMAGE_PANEL_KEYS.map((key) => (
            <option key={key} value={key}>
              {DAMAGE_PANELS[key]}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled id={`${id}-type`} label={labelled('Type', n)}>
        <select
          id={`${id}-type`}
          value={item.type}
          onChange={(e) => onChange({ type: e.target.value as DamageItem['type'] })}
          className={selectClasses}
        >
          {DAMAGE_TYPE_KEYS.map((key) => (
            <option key={key} value={key}>
              {DAMAGE_TYPES[key]}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled id={`${id}-size`} label={labelled('Size', n)}>
        <select
          id={`${id}-size`}
          value={item.size}
          onChange={(e) => onChange({ size: e.target.value as DamageItem['size'] })}
          className={selectClasses}
        >
          {DAMAGE_SIZE_KEYS.map((key) => (
            <option key={key} value={key}>
              {DAMAGE_SIZES[key]}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled id={`${id}-photo`} label={labelled('Photo', n)}>
        <select
          id={`${id}-photo`}
          value={item.photoId ?? ''}
          onChange={(e) => onChange({ photoId: e.target.value ? Number(e.target.value) : null })}
          className={selectClasses}
        >
          <option value="">No photo</option>
          {photos.map((photo) => (
            <option key={photo.id} value={photo.id}>
              {photo.label}
            </option>
          ))}
        </select>
      </Labelled>
      <div className="flex items-end">
        <Button variant="ghost" size="sm" onClick={onRemove} className="text-red-700">
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Remove<span className="sr-only"> damage item {n}</span>
        </Button>
      </div>
      <Labelled id={`${id}-note`} label={labelled('Note', n)} className="sm:col-span-2 lg:col-span-5">
        <input
          id={`${id}-note`}
          value={item.note ?? ''}
          maxLength={200}
          onChange={(e) => onChange({ note: e.target.value === '' ? null : e.target.value })}
          className={selectClasses}
        />
      </Labelled>
    </li>
  );
}

/** "Panel", read by a screen reader as "Panel (item 2)". */
const labelled = (name: string, n: number) => (
  <>
    {name}
    <span className="sr-only"> (item {n})</span>
  </>
);

function Labelled({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn('grid gap-1', className)}>
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        {label}
      </label>
      {children}
    </div>
  );
}
