import type { ConditionReport } from '@contracts/condition-report';
import {
  DAMAGE_PANELS,
  DAMAGE_SIZES,
  DAMAGE_TYPES,
  TIRE_POSITIONS,
  type TirePosition,
} from '@contracts/condition-report-rules';
import { AlertTriangle, Camera, CircleCheck, ClipboardList } from 'lucide-react';
import { Loading } from '@/components/ui/placeholders';
import { cn } from '@/lib/cn';
import { formatGrade, formatPoints, gradeTone, isWornTire } from '@/lib/display/condition-report';
import { DETAIL_TEXTS } from '../vehicle-detail-texts';
import { DetailSection } from './detail-section';

const TONE_CLASSES = {
  green: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  yellow: 'bg-amber-50 text-amber-950 ring-amber-200',
  red: 'bg-red-50 text-red-900 ring-red-200',
} as const;

/** A new tire is about 10/32–12/32; the gauge is full at 12. */
const GAUGE_FULL_32NDS = 12;
const TIRE_ORDER: TirePosition[] = ['lf', 'rf', 'lr', 'rr'];

/**
 * The condition report (issue #17): the grade with every deduction that made it, tire depths,
 * warning lights and the damage list. "No condition report yet" while the vehicle has no grade.
 */
export function ConditionReportSection({
  report,
  loading = false,
  onShowPhoto,
}: {
  report: ConditionReport;
  /** The full vehicle is still loading: a placeholder instead of a report that may be incomplete. */
  loading?: boolean;
  /** Opens the gallery's full-screen view at a photo (a damage item's photo link). */
  onShowPhoto?: (photoId: number) => void;
}) {
  const photoIds = new Set(report.photos.map((photo) => photo.id));
  return (
    <DetailSection id="condition" title={DETAIL_TEXTS.conditionReport} testId="condition-report">
      {loading ? (
        <Loading label="Loading the condition report…" className="mt-3 h-32" />
      ) : report.grade === null ? (
        <div className="mt-3 flex items-start gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-4">
          <ClipboardList aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" />
          <div>
            <p className="font-medium text-slate-900" data-testid="no-condition-report">
              {DETAIL_TEXTS.noConditionReport}
            </p>
            <p className="text-sm text-slate-600">{DETAIL_TEXTS.noConditionReportText}</p>
          </div>
        </div>
      ) : (
        <div className="mt-3 grid gap-4">
          <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[auto_minmax(0,1fr)] sm:p-5">
            <p
              className={cn(
                'flex flex-col items-center justify-center self-start rounded-xl px-5 py-3 ring-1 ring-inset',
                TONE_CLASSES[gradeTone(report.grade)],
              )}
            >
              <span className="text-xs font-semibold uppercase tracking-wide">{DETAIL_TEXTS.grade}</span>
              <span className="text-3xl font-extrabold tabular-nums" data-testid="grade">
                {formatGrade(report.grade)}{' '}
                <span className="text-lg font-semibold">{DETAIL_TEXTS.gradeOutOf}</span>
              </span>
            </p>
            <div className="min-w-0">
              <h3 className="text-sm font-semibold text-slate-900">{DETAIL_TEXTS.deductions}</h3>
              <p className="text-xs text-slate-500">{DETAIL_TEXTS.gradeRule}</p>
              {report.gradeDeductions.length === 0 ? (
                <p className="mt-2 flex items-center gap-1.5 text-sm text-emerald-800">
                  <CircleCheck aria-hidden="true" className="h-4 w-4" />
                  {DETAIL_TEXTS.noDeductions}
                </p>
              ) : (
                <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="grade-deductions">
                  {report.gradeDeductions.map((deduction, i) => (
                    <li
                      // biome-ignore lint/suspicious/noArrayIndexKey: two deductions may read the same
                      key={i}
                      className="flex items-baseline justify-between gap-3 py-1.5"
                    >
                      <span className="text-slate-800">{deduction.reason}</span>
                      <span className="shrink-0 font-semibold tabular-nums text-red-800">
                        {formatPoints(deduction.points)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>

          <div className="grid gap-4 md:grid-cols-2">
            <DetailSection id="tires" title={DETAIL_TEXTS.tires} level={3}>
              <dl className="mt-3 grid grid-cols-2 gap-3" data-testid="tire-depths">
                {TIRE_ORDER.map((position) => (
                  <TireDepth key={position} position={position} depth={report.tires[position]} />
                ))}
              </dl>
            </DetailSection>
            <DetailSection id="lights" title={DETAIL_TEXTS.warningLights} level={3}>
              {report.warningLights.length === 0 ? (
                <p className="mt-2 text-sm text-emerald-800">{DETAIL_TEXTS.noWarningLights}</p>
              ) : (
                <ul className="mt-2 grid gap-1.5 text-sm" data-testid="warning-lights">
                  {report.warningLights.map((light) => (
                    <li key={light} className="flex items-center gap-2 text-slate-800">
                      <AlertTriangle aria-hidden="true" className="h-4 w-4 shrink-0 text-amber-600" />
                      {light}
                    </li>
                  ))}
                </ul>
              )}
            </DetailSection>
          </div>

          <DetailSection
            id="damage"
            title={
              <>
                {DETAIL_TEXTS.damage}{' '}
                <span className="font-normal text-slate-500">({report.damage.length})</span>
              </>
            }
            level={3}
          >
            {report.damage.length === 0 ? (
              <p className="mt-2 text-sm text-emerald-800">{DETAIL_TEXTS.noDamage}</p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-100" data-testid="damage-items">
                {report.damage.map((item, i) => (
                  <li
                    // biome-ignore lint/suspicious/noArrayIndexKey: the list has no ids; it is read-only here
                    key={i}
                    className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2 text-sm"
                  >
                    <div className="min-w-0">
                      <p className="font-medium text-slate-900">{DAMAGE_PANELS[item.panel]}</p>
                      <p className="text-slate-700">
                        {DAMAGE_TYPES[item.type]} · {DAMAGE_SIZES[item.size]}
                        {item.note ? <span className="text-slate-500"> — {item.note}</span> : null}
                      </p>
                    </div>
                    {item.photoId !== null && photoIds.has(item.photoId) && onShowPhoto ? (
                      <button
                        type="button"
                        onClick={() => onShowPhoto(item.photoId as number)}
                        className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 font-medium text-brand-700 underline-offset-2 hover:underline"
                      >
                        <Camera aria-hidden="true" className="h-4 w-4" />
                        {DETAIL_TEXTS.viewPhoto}
                        <span className="sr-only">
                          : {DAMAGE_TYPES[item.type]} on the {DAMAGE_PANELS[item.panel].toLowerCase()}
                        </span>
                      </button>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </DetailSection>
        </div>
      )}
    </DetailSection>
  );
}

function TireDepth({ position, depth }: { position: TirePosition; depth: number | null }) {
  const worn = isWornTire(depth);
  return (
    <div
      className={cn('rounded-lg p-2.5 ring-1 ring-inset', worn ? 'bg-red-50 ring-red-200' : 'ring-slate-200')}
      data-testid={`tire-${position}`}
    >
      <dt className="text-xs text-slate-600">{TIRE_POSITIONS[position]}</dt>
      <dd className="mt-0.5">
        <span className={cn('text-lg font-semibold tabular-nums', worn ? 'text-red-800' : 'text-slate-900')}>
          {depth === null ? (
            <span className="text-sm font-normal text-slate-500">{DETAIL_TEXTS.tireNotMeasured}</span>
          ) : (
            `${depth}/32"`
          )}
        </span>
        {worn ? (
          <span className="ml-2 inline-flex items-center gap-1 text-xs font-semibold text-red-800">
            <AlertTriangle aria-hidden="true" className="h-3.5 w-3.5" />
            {DETAIL_TEXTS.wornTire}
          </span>
        ) : null}
        {depth !== null ? (
          <span aria-hidden="true" className="mt-1.5 block h-1.5 overflow-hidden rounded-full bg-slate-200">
            <span
              className={cn('block h-full rounded-full', worn ? 'bg-red-600' : 'bg-emerald-600')}
              style={{ width: `${Math.min(100, (depth / GAUGE_FULL_32NDS) * 100)}%` }}
            />
          </span>
        ) : null}
      </dd>
    </div>
  );
}
