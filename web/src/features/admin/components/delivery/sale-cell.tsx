import { Cell } from '../common/data-table';

/** A delivery board row's first cell (its heading on a phone): the car, its VIN, the dealer and the sale. */
export function SaleCell({
  row,
}: {
  row: { vehicle: string; vin: string; dealerName: string; transactionId: number };
}) {
  return (
    <Cell phone="heading">
      <span className="block min-w-0">
        <span className="block font-medium text-slate-900">{row.vehicle}</span>
        <span className="block font-mono text-xs break-all text-slate-500 md:break-normal md:whitespace-nowrap">
          {row.vin}
        </span>
        <span className="block text-xs break-words text-slate-600">
          {row.dealerName} · sale #{row.transactionId}
        </span>
      </span>
    </Cell>
  );
}
