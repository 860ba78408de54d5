import type { ConditionReport } from '@contracts/condition-report';
import { AlertTriangle, ClipboardList } from 'lucide-react';
import { GradeBadge } from '@/components/vehicle/grade-badge';
import { DAMAGE_SHOWN, damageParts, QUEUE_CARD_TEXTS, tiresAndLightsText } from './queue-card-summary';

/**
 * A queue card's condition at a glance (issue #30): the grade, the damage items (area, type, size,
 * as the vehicle page names them), the tires and warning lights in one line, so the admin can
 * price without opening the report.
 */
export function QueueCardCondition({ report, name }: { report: ConditionReport; name: string }) {
  if (report.grade === null) {
    return (
      <p
        className="flex items-center gap-2 rounded-lg border border-dashed border-slate-300 px-3 py-2 text-sm text-slate-600"
        data-testid="queue-condition"
      >
        <ClipboardList aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400" />
        {QUEUE_CARD_TEXTS.noConditionReport}
      </p>
    );
  }
  const { damage } = report;
  const extra = tiresAndLightsText(report);
  return (
    <section
      aria-label={`Condition of ${name}`}
      className="grid gap-2 rounded-lg p-3 text-sm ring-1 ring-slate-200"
      data-testid="queue-condition"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <GradeBadge grade={report.grade} />
        <h4 className="font-semibold text-slate-900">
          {QUEUE_CARD_TEXTS.damage} <span className="font-normal text-slate-500">({damage.length})</span>
        </h4>
      </div>
      {damage.length === 0 ? (
        <p className="text-emerald-800">{QUEUE_CARD_TEXTS.noDamage}</p>
      ) : (
        <ul className="grid gap-1" data-testid="queue-damage">
          {damage.slice(0, DAMAGE_SHOWN).map((item, i) => {
            const { area, what } = damageParts(item);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list without ids
              <li key={i} className="min-w-0 break-words">
                <span className="font-medium text-slate-900">{area}</span>
                <span className="text-slate-700">: {what}</span>
              </li>
            );
          })}
          {damage.length > DAMAGE_SHOWN ? (
            <li className="text-slate-500">{QUEUE_CARD_TEXTS.moreDamage(damage.length - DAMAGE_SHOWN)}</li>
          ) : null}
        </ul>
      )}
      {extra ? (
        <p className="flex items-start gap-1.5 text-slate-700" data-testid="queue-tires-lights">
          {report.warningLights.length > 0 ? (
            <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" />
          ) : null}
          <span className="min-w-0">{extra}</span>
        </p>
      ) : null}
    </section>
  );
}
