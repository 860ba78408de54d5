import type { RecordedSkip } from '@contracts/required-shots';
import { labelOf, REQUIRED_SHOTS_TEXT, skipReasonText } from '@contracts/required-shots-texts';
import { CameraOff } from 'lucide-react';

/**
 * The required shots staff skipped in the wizard and why (issue #34), under the queue card's
 * photos: "Skipped: Dashboard with odometer — Could not access".
 */
export function QueueCardSkippedShots({ skipped, name }: { skipped: readonly RecordedSkip[]; name: string }) {
  if (skipped.length === 0) return null;
  return (
    <ul
      aria-label={`Shots skipped for ${name}`}
      className="grid gap-1 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200"
    >
      {skipped.map((skip) => (
        <li key={skip.kind} className="flex gap-2">
          <CameraOff aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {REQUIRED_SHOTS_TEXT.skippedLine(labelOf(skip.kind), skipReasonText(skip))}
        </li>
      ))}
    </ul>
  );
}
