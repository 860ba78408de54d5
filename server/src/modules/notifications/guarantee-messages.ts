import { formatDay } from '@contracts/dates';
import { composedMessage, LINKS, type VehicleFacts, vehicleName } from './notification-messages';

/** What the guarantee reminder names (docs/decisions/0040-guarantee-clock.md). */
export interface GuaranteeEndingFacts {
  vehicle: VehicleFacts;
  transactionId: number;
  /** The last day a claim may be opened (YYYY-MM-DD, the sale's zone), and the business days left after today. */
  endsOn: string;
  daysLeft: number;
}

const left = (n: number) =>
  n === 0 ? 'today is the last day' : `${n} business ${n === 1 ? 'day' : 'days'} left`;

/** To the main contact, once per sale: the guarantee window closes soon; the link opens the sale. */
export const guaranteeEndingMessage = composedMessage('guarantee_ending', (f: GuaranteeEndingFacts) => ({
  subject: `Guarantee ends ${formatDay(f.endsOn)}: ${vehicleName(f.vehicle)}`,
  lines: [
    `The guarantee on transaction #${f.transactionId} ends ${formatDay(f.endsOn)} (${left(f.daysLeft)}).`,
    'If something covered is wrong with the car, open a claim from the sale before then.',
  ],
  vehicle: { ...f.vehicle, price: null },
  action: 'Open the sale in your dealer dashboard',
  path: LINKS.dealerSale(f.transactionId),
  sms: `Guarantee on ${vehicleName(f.vehicle)} (#${f.transactionId}) ends ${formatDay(f.endsOn)}: ${left(f.daysLeft)} to open a claim.`,
}));
