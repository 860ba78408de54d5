import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';

/** A link that opens a bill of sale (uploaded or generated) in a new tab. */
export function BillOfSaleLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-2"
    >
      <FileText aria-hidden="true" className="h-4 w-4" />
      {children}
    </a>
  );
}
