import { FIRST_LOOK_TEXT } from '@contracts/listing-texts';
import { Clock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { formatDeadline } from '@/lib/display/time-left';

/** "First look until Sat, Nov 28, 3:40 PM" (docs/design.md §13): a car held for the dealerships whose orders match. */
export function FirstLookBadge({ until, className }: { until: string; className?: string }) {
  return (
    <Badge tone="blue" className={className}>
      <Clock aria-hidden="true" className="mr-1 h-3.5 w-3.5" />
      {FIRST_LOOK_TEXT.badge(formatDeadline(until))}
    </Badge>
  );
}
