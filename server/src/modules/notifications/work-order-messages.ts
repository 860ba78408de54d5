import { formatDay } from '@contracts/dates';
import { dealerItemPath } from '@contracts/dealer-dashboard';
import { formatDuration } from '@contracts/work-order-texts';
import { composedMessage, type VehicleFacts, vehicleName } from './notification-messages';

/** What every work order message names: the car, the sale, the package, the promise. */
export interface WorkOrderFacts {
  vehicle: VehicleFacts;
  transactionId: number;
  workOrderId: number;
  packageName: string;
  /** YYYY-MM-DD in the sale's time zone. */
  promisedOn: string;
  done: number;
  total: number;
}

/** The work order's card in the dashboard's Purchases (its reconditioning). */
const linkOf = (f: WorkOrderFacts) => dealerItemPath('workOrder', f.workOrderId);
const promised = (day: string) => formatDay(day);

/** To the main contact: the shop started on the car's reconditioning (issue #31). */
export const workOrderStartedMessage = composedMessage('work_order_started', (f: WorkOrderFacts) => ({
  subject: `Reconditioning started: ${vehicleName(f.vehicle)}`,
  lines: [
    `The shop started the ${f.packageName} work on transaction #${f.transactionId}: ${f.total} ${f.total === 1 ? 'task' : 'tasks'}, promised by ${promised(f.promisedOn)}.`,
    'Follow each task, with photos, on your dashboard.',
  ],
  vehicle: { ...f.vehicle, price: null },
  action: 'Follow the work on your dashboard',
  path: linkOf(f),
  sms: `Reconditioning of ${vehicleName(f.vehicle)} (#${f.transactionId}) started, promised by ${promised(f.promisedOn)}.`,
}));

/** To the main contact: the work order is done; the car may be picked up once paid for. */
export const workOrderDoneMessage = composedMessage(
  'work_order_done',
  (f: WorkOrderFacts & { afterPhotos: number; saleToReadyMinutes: number | null }) => ({
    subject: `Front-line ready: ${vehicleName(f.vehicle)}`,
    lines: [
      `The ${f.packageName} work on transaction #${f.transactionId} is done: ${f.done} of ${f.total} ${f.total === 1 ? 'task' : 'tasks'} finished, with ${f.afterPhotos} after ${f.afterPhotos === 1 ? 'photo' : 'photos'}.`,
      ...(f.saleToReadyMinutes === null
        ? []
        : [`Time to line: ${formatDuration(f.saleToReadyMinutes)} from the sale.`]),
      'See the after photos on your dashboard.',
    ],
    vehicle: { ...f.vehicle, price: null },
    action: 'See the after photos on your dashboard',
    path: linkOf(f),
    sms: `${vehicleName(f.vehicle)} (#${f.transactionId}) is front-line ready: ${f.afterPhotos} after ${f.afterPhotos === 1 ? 'photo' : 'photos'} on your dashboard.`,
  }),
);

/** To the main contact, once: the work order is still open past its promised day. */
export const workOrderDelayedMessage = composedMessage('work_order_delayed', (f: WorkOrderFacts) => ({
  subject: `Reconditioning delayed: ${vehicleName(f.vehicle)}`,
  lines: [
    `The ${f.packageName} work on transaction #${f.transactionId} was promised by ${promised(f.promisedOn)} and is not finished: ${f.done} of ${f.total} ${f.total === 1 ? 'task' : 'tasks'} done.`,
    'We are on it; follow the remaining tasks on your dashboard.',
  ],
  vehicle: { ...f.vehicle, price: null },
  action: 'Follow the work on your dashboard',
  path: linkOf(f),
  sms: `Reconditioning of ${vehicleName(f.vehicle)} (#${f.transactionId}) is past its promised date (${promised(f.promisedOn)}): ${f.done} of ${f.total} tasks done.`,
}));
