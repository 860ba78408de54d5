import { BUYING_TEXT } from '@contracts/buying';
import { Clock, MessageSquareText, Phone } from 'lucide-react';
import { brand, smsHref, telHref } from '@/lib/brand';

/** 'Don't have a buy code?' (docs/product.md §2): how a dealer gets approved, with the call-or-text line and hours. */
export function BuyCodeHelp() {
  return (
    <div className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200">
      <h3 className="font-semibold text-slate-900">{BUYING_TEXT.noBuyCode}</h3>
      <p className="mt-1">
        Contact our team to get your dealership approved and receive your buy code. Call or text:
      </p>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        <a
          href={telHref}
          className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline underline-offset-2"
        >
          <Phone aria-hidden="true" className="h-4 w-4" />
          {brand.phoneDisplay}
        </a>
        <a
          href={smsHref}
          className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline underline-offset-2"
        >
          <MessageSquareText aria-hidden="true" className="h-4 w-4" />
          Text us
        </a>
      </div>
      <p className="mt-2 flex items-center gap-1.5 text-slate-600">
        <Clock aria-hidden="true" className="h-4 w-4 shrink-0" />
        {BUYING_TEXT.hours}
      </p>
    </div>
  );
}
