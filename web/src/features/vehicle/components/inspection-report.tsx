import type { PublicVehicle } from '@contracts/vehicle';
import { CarFront, Sofa, Wrench } from 'lucide-react';
import { cn } from '@/lib/cn';
import { DETAIL_TEXTS } from '../vehicle-detail-texts';
import { DetailSection } from './detail-section';

const orNoneFound = (text: string | null) => (text?.trim() ? text.trim() : DETAIL_TEXTS.noneFound);

/** Exterior, Mechanical and Interior notes, each 'None Found' when blank (docs/product.md §2, §9). */
export function InspectionReport({ vehicle }: { vehicle: PublicVehicle }) {
  const sections = [
    { title: DETAIL_TEXTS.exterior, text: orNoneFound(vehicle.reconExterior), Icon: CarFront },
    { title: DETAIL_TEXTS.mechanical, text: orNoneFound(vehicle.reconMechanical), Icon: Wrench },
    { title: DETAIL_TEXTS.interior, text: orNoneFound(vehicle.reconInterior), Icon: Sofa },
  ];
  return (
    <DetailSection id="inspection" title={DETAIL_TEXTS.inspection}>
      <div className="mt-3 grid gap-3 md:grid-cols-3">
        {sections.map(({ title, text, Icon }) => {
          const isNone = text === DETAIL_TEXTS.noneFound;
          return (
            <section
              key={title}
              aria-label={title}
              data-testid={`recon-${title.toLowerCase()}`}
              className="rounded-xl border border-slate-200 bg-white p-4"
            >
              <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
                <Icon aria-hidden="true" className="h-4 w-4 text-slate-500" />
                {title}
              </h3>
              <p className={cn('mt-2 text-sm', isNone ? 'text-emerald-700' : 'text-slate-700')}>{text}</p>
            </section>
          );
        })}
      </div>
    </DetailSection>
  );
}
