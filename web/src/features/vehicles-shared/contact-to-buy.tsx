import { Clock, MessageSquareText, Phone } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { brand, smsHref, telHref } from '@/lib/brand';
import { VEHICLE_TEXTS } from './vehicle-texts';

/**
 * How to buy today: online buying with a buy code and offers arrive later, so the dialogs say
 * plainly to call or text the team (spec §2 Buy Now help: phone line and hours).
 */
export function ContactToBuy({ vin, intent }: { vin: string; intent: 'buy' | 'offer' }) {
  return (
    <div className="grid gap-4 text-sm text-slate-700">
      <p>
        {intent === 'buy'
          ? 'Online checkout is not open yet. To buy this vehicle today, call or text our team and mention the VIN below; we will confirm availability and the paperwork with you.'
          : 'Online offers are not open yet. To make an offer today, call or text our team with your price and the VIN below; we answer the same business day.'}
      </p>
      <p className="rounded-lg bg-slate-50 px-3 py-2 font-mono text-slate-800 ring-1 ring-slate-200">
        VIN {vin}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        <a href={telHref} className={buttonClasses('primary', 'md')}>
          <Phone aria-hidden="true" className="h-4 w-4" />
          Call {brand.phoneDisplay}
        </a>
        <a href={smsHref} className={buttonClasses('outline', 'md')}>
          <MessageSquareText aria-hidden="true" className="h-4 w-4" />
          Text {brand.phoneDisplay}
        </a>
      </div>
      <p className="flex items-center gap-2 text-slate-600">
        <Clock aria-hidden="true" className="h-4 w-4 shrink-0" />
        {VEHICLE_TEXTS.contactHours}
      </p>
    </div>
  );
}
