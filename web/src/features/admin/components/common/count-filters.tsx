import { formatCount } from '@contracts/number-format';
import { buttonClasses } from '@/components/ui/button';

/**
 * A server-paged board's views as buttons, each with its count from the server's aggregate
 * ("Funded: 12"), pressed when chosen (issue #47). On a phone they wrap above the one list.
 */
export function CountFilters<V extends string>({
  label,
  views,
  value,
  onChange,
}: {
  /** What the buttons choose, for screen readers ("Show"). */
  label: string;
  views: readonly { value: V; label: string; count: number; pressed?: boolean }[];
  value: V;
  onChange: (view: V) => void;
}) {
  return (
    <ul aria-label={label} className="mb-3 flex flex-wrap gap-2">
      {views.map((view) => {
        const pressed = view.pressed ?? view.value === value;
        return (
          <li key={view.value}>
            <button
              type="button"
              aria-pressed={pressed}
              onClick={() => onChange(view.value)}
              className={buttonClasses(pressed ? 'primary' : 'outline', 'sm', 'min-h-11 tabular-nums')}
            >
              {view.label}: {formatCount(view.count)}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
