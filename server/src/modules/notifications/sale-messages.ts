import { type ClaimCredit, claimCreditText } from '@contracts/claim-coverage';
import { formatDay } from '@contracts/dates';
import { formatAmount } from '@contracts/money';
import { composedMessage, LINKS, type VehicleFacts, vehicleName } from './notification-messages';

/** Messages about sales, their transaction and the dealer's account (docs/design.md §6). */

interface SaleFacts {
  vehicle: VehicleFacts;
  dealerName: string;
  amount: string;
  transactionId: number;
}

/** To every admin: a dealer bought a car with Buy Now. */
export const vehicleSoldMessage = composedMessage('vehicle_sold', (f: SaleFacts) => ({
  subject: `Sold by Buy Now: ${vehicleName(f.vehicle)} for ${formatAmount(f.amount)}`,
  lines: [
    `${f.dealerName} bought it with Buy Now for ${formatAmount(f.amount)} (transaction #${f.transactionId}).`,
  ],
  vehicle: f.vehicle,
  action: 'Open the Transactions tab',
  path: LINKS.adminTransactions,
  sms: `Sold by Buy Now: ${vehicleName(f.vehicle)} to ${f.dealerName} for ${formatAmount(f.amount)} (#${f.transactionId}).`,
}));

/** To the dealer's main and billing contacts: what they bought, for how much. */
export const purchaseReceiptMessage = composedMessage('purchase_receipt', (f: SaleFacts) => ({
  subject: `Receipt: ${vehicleName(f.vehicle)} for ${formatAmount(f.amount)}`,
  lines: [
    `Thank you, ${f.dealerName}. You bought this vehicle for ${formatAmount(f.amount)} (transaction #${f.transactionId}).`,
  ],
  vehicle: f.vehicle,
  action: 'See it in your dealer dashboard',
  path: LINKS.dealerSale(f.transactionId),
  sms: `Receipt: you bought ${vehicleName(f.vehicle)} for ${formatAmount(f.amount)} (transaction #${f.transactionId}).`,
}));

/** To the billing contact: the payment was recorded. */
export const transactionPaidMessage = composedMessage('transaction_paid', (f: SaleFacts) => ({
  subject: `Payment received: ${vehicleName(f.vehicle)}, ${formatAmount(f.amount)}`,
  lines: [
    `We recorded your payment of ${formatAmount(f.amount)} for transaction #${f.transactionId}. Thank you.`,
  ],
  vehicle: f.vehicle,
  action: 'See the transaction in your dealer dashboard',
  path: LINKS.dealerSale(f.transactionId),
  sms: `Payment of ${formatAmount(f.amount)} received for ${vehicleName(f.vehicle)} (transaction #${f.transactionId}).`,
}));

/** To the billing contact: the sale is closed; what is still owed comes from the ledger. */
export const transactionCompletedMessage = composedMessage(
  'transaction_completed',
  (f: SaleFacts & { owed: string | null }) => ({
    subject: `Transaction #${f.transactionId} completed: ${vehicleName(f.vehicle)}, ${formatAmount(f.amount)}`,
    lines: [
      `Transaction #${f.transactionId} for ${formatAmount(f.amount)} is completed.`,
      f.owed ? `It is not paid in full yet: ${formatAmount(f.owed)} is still owed.` : 'It is paid in full.',
    ],
    vehicle: f.vehicle,
    action: 'See the transaction in your dealer dashboard',
    path: LINKS.dealerSale(f.transactionId),
    sms: `Transaction #${f.transactionId} (${vehicleName(f.vehicle)}, ${formatAmount(f.amount)}) is completed${f.owed ? `; ${formatAmount(f.owed)} is still owed` : ''}.`,
  }),
);

/** To the billing contact: money the marketplace owed them was paid back. */
export const refundRecordedMessage = composedMessage(
  'refund_recorded',
  (f: SaleFacts & { refund: string; method: string; stillOwed: string | null }) => ({
    subject: `Refund paid: ${formatAmount(f.refund)} for ${vehicleName(f.vehicle)}`,
    lines: [
      `We paid you ${formatAmount(f.refund)} by ${f.method} for transaction #${f.transactionId}.`,
      f.stillOwed ? `We still owe you ${formatAmount(f.stillOwed)}.` : 'Nothing more is owed on this sale.',
    ],
    vehicle: f.vehicle,
    action: 'See the transaction in your dealer dashboard',
    path: LINKS.dealerSale(f.transactionId),
    sms: `Refund of ${formatAmount(f.refund)} paid for ${vehicleName(f.vehicle)} (#${f.transactionId}).`,
  }),
);

/**
 * To the title contact: the bill of sale is in the sale's documents on the dashboard (a link opened
 * signed out returns there after sign-in), and can be downloaded directly when signed in.
 */
export const billOfSaleUploadedMessage = composedMessage(
  'bill_of_sale_uploaded',
  (f: SaleFacts & { downloadPath: string }, ctx) => ({
    subject: `Bill of sale ready: ${vehicleName(f.vehicle)}`,
    lines: [
      `The bill of sale for transaction #${f.transactionId} (${formatAmount(f.amount)}) was uploaded.`,
      `Signed in as the dealer, download it directly: ${ctx.origin}${f.downloadPath}`,
    ],
    vehicle: f.vehicle,
    action: 'See the bill of sale in your documents',
    path: LINKS.dealerDocuments(f.transactionId),
    sms: `Bill of sale ready for ${vehicleName(f.vehicle)} (transaction #${f.transactionId}, ${formatAmount(f.amount)}).`,
  }),
);

/** To the main contact: the account was deactivated; codes stop working, open offers were declined. */
export const dealerDeactivatedMessage = composedMessage(
  'dealer_deactivated',
  (f: { dealerName: string; declinedOffers: number }, ctx) => ({
    subject: `Your dealer account ${f.dealerName} was deactivated`,
    lines: [
      `The dealer account ${f.dealerName} was deactivated: its buy codes no longer work and you are signed out.`,
      ...(f.declinedOffers > 0
        ? [`${f.declinedOffers} open offer${f.declinedOffers === 1 ? ' was' : 's were'} declined.`]
        : []),
      'If you think this is a mistake, please contact us.',
    ],
    action: `Visit ${ctx.brandName}`,
    path: LINKS.home,
    sms: `Your dealer account ${f.dealerName} was deactivated; its buy codes no longer work.`,
  }),
);

/* After the sale (issue #18): each step of the timeline that the other side must hear of. */

/** To the billing contact: part of the price was paid; what is left and by when. */
export const paymentRecordedMessage = composedMessage(
  'payment_recorded',
  (f: SaleFacts & { paid: string; left: string; dueOn: string }) => ({
    subject: `Payment of ${formatAmount(f.paid)} recorded: ${vehicleName(f.vehicle)}`,
    lines: [
      `We recorded a payment of ${formatAmount(f.paid)} for transaction #${f.transactionId}.`,
      `${formatAmount(f.left)} is left to pay, due ${formatDay(f.dueOn)}.`,
    ],
    vehicle: f.vehicle,
    action: 'See the transaction in your dealer dashboard',
    path: LINKS.dealerSale(f.transactionId),
    sms: `Payment of ${formatAmount(f.paid)} recorded for ${vehicleName(f.vehicle)} (#${f.transactionId}); ${formatAmount(f.left)} left, due ${formatDay(f.dueOn)}.`,
  }),
);

/** To the title contact: the title is on its way; confirm it in the portal when it arrives. */
export const titleSentMessage = composedMessage(
  'title_sent',
  (f: SaleFacts & { carrier: string; trackingNumber: string; lender?: string | null }) => ({
    subject: `Title sent: ${vehicleName(f.vehicle)}`,
    lines: f.lender
      ? [
          `The title for transaction #${f.transactionId} was sent to your floor-plan lender, ${f.lender}, by ${f.carrier}, tracking number ${f.trackingNumber}.`,
          'The lender holds it until the line is paid off.',
        ]
      : [
          `The title for transaction #${f.transactionId} was sent by ${f.carrier}, tracking number ${f.trackingNumber}.`,
          'Please confirm in your dealer dashboard when it arrives.',
        ],
    vehicle: f.vehicle,
    action: 'Confirm receipt in your dealer dashboard',
    path: LINKS.dealerDocuments(f.transactionId),
    sms: `Title for ${vehicleName(f.vehicle)} (#${f.transactionId}) sent by ${f.carrier}, tracking ${f.trackingNumber}.`,
  }),
);

/** To the main contact: where and when to pick the car up, and the gate pass code. */
export const pickupReadyMessage = composedMessage(
  'pickup_ready',
  (f: SaleFacts & { address: string; hours: string; gatePassCode: string }) => ({
    subject: `Ready for pickup: ${vehicleName(f.vehicle)}`,
    lines: [
      `Transaction #${f.transactionId} is ready for pickup at ${f.address} (${f.hours}).`,
      `Gate pass code: ${f.gatePassCode}`,
    ],
    vehicle: f.vehicle,
    action: 'See the transaction in your dealer dashboard',
    path: LINKS.dealerDelivery(f.transactionId),
    sms: `${vehicleName(f.vehicle)} (#${f.transactionId}) is ready for pickup at ${f.address} (${f.hours}). Gate pass ${f.gatePassCode}.`,
  }),
);

/** To the main contact: the request to unwind was declined, with the reason. */
export const unwindDeclinedMessage = composedMessage(
  'unwind_declined',
  (f: SaleFacts & { reason: string }) => ({
    subject: `Unwind request declined: ${vehicleName(f.vehicle)}`,
    lines: [`Your request to unwind transaction #${f.transactionId} was declined: ${f.reason}`],
    vehicle: f.vehicle,
    action: 'See the transaction in your dealer dashboard',
    path: LINKS.dealerSale(f.transactionId),
    sms: `Your unwind request for ${vehicleName(f.vehicle)} (#${f.transactionId}) was declined: ${f.reason}`,
  }),
);

/** To every admin: the dealer confirmed the title arrived. */
export const titleConfirmedMessage = composedMessage('title_confirmed', (f: SaleFacts) => ({
  subject: `Title received by ${f.dealerName}: ${vehicleName(f.vehicle)}`,
  lines: [`${f.dealerName} confirmed receiving the title for transaction #${f.transactionId}.`],
  vehicle: f.vehicle,
  action: 'Open the Transactions tab',
  path: LINKS.adminTransactions,
  sms: `${f.dealerName} confirmed the title for ${vehicleName(f.vehicle)} (#${f.transactionId}).`,
}));

/** To every admin: the dealer asks to unwind a sale whose title is late. */
export const unwindRequestedMessage = composedMessage(
  'unwind_requested',
  (f: SaleFacts & { reason: string }) => ({
    subject: `Unwind requested by ${f.dealerName}: ${vehicleName(f.vehicle)}`,
    lines: [
      `${f.dealerName} asks to unwind transaction #${f.transactionId} (${formatAmount(f.amount)}) because the title is late.`,
      `Reason: ${f.reason}`,
      'Cancel the sale to unwind it, or decline the request with a reason.',
    ],
    vehicle: f.vehicle,
    action: 'Open the Transactions tab',
    path: LINKS.adminTransactions,
    sms: `${f.dealerName} requests an unwind of ${vehicleName(f.vehicle)} (#${f.transactionId}): ${f.reason}`,
  }),
);

/** To every admin: the buyer opened a guarantee claim. */
export const claimOpenedMessage = composedMessage(
  'claim_opened',
  (f: SaleFacts & { category: string; description: string; estimate: string; caseText: string }) => ({
    subject: `Claim opened by ${f.dealerName}: ${vehicleName(f.vehicle)}`,
    lines: [
      `${f.dealerName} opened a guarantee claim on transaction #${f.transactionId} (${f.category}, estimated repair ${formatAmount(f.estimate)}).`,
      f.description,
      f.caseText,
      'Answer it from the Transactions tab: deny with a reason, adjust the price, or unwind the sale.',
    ],
    vehicle: f.vehicle,
    action: 'Open the Transactions tab',
    path: LINKS.adminTransactions,
    sms: `Claim on ${vehicleName(f.vehicle)} (#${f.transactionId}) by ${f.dealerName}: ${f.category}, est. ${formatAmount(f.estimate)}.`,
  }),
);

/** To the main contact: the answer to their claim. */
export const claimAnsweredMessage = composedMessage(
  'claim_answered',
  (
    f: SaleFacts & {
      decision: string;
      reason: string;
      /** An adjustment's credit: decided, deductible and what the ledger credits (null otherwise). */
      credit: ClaimCredit | null;
      refundOwed: string | null;
      caseText: string;
    },
  ) => ({
    subject: `Your claim was answered: ${vehicleName(f.vehicle)}`,
    lines: [
      `Your claim on transaction #${f.transactionId}: ${f.decision}${f.credit ? `, ${formatAmount(f.credit.credited)} off the price (${claimCreditText(f.credit)})` : ''}.`,
      f.reason,
      f.caseText,
      ...(f.refundOwed
        ? [`We owe you a refund of ${formatAmount(f.refundOwed)}; you will hear when it is paid.`]
        : []),
    ],
    vehicle: f.vehicle,
    action: 'See the transaction in your dealer dashboard',
    path: LINKS.dealerSale(f.transactionId),
    sms: `Claim on ${vehicleName(f.vehicle)} (#${f.transactionId}): ${f.decision}${f.credit ? ` (${formatAmount(f.credit.credited)} off)` : ''}. ${f.reason}`,
  }),
);

/** To every admin: the dealer added evidence to a claim (or completed it); the case's clock in words. */
export const claimEvidenceMessage = composedMessage(
  'claim_evidence_added',
  (f: SaleFacts & { summary: string; caseText: string }) => ({
    subject: `Claim evidence from ${f.dealerName}: ${vehicleName(f.vehicle)}`,
    lines: [`${f.summary} (transaction #${f.transactionId}).`, f.caseText],
    vehicle: f.vehicle,
    action: 'Open the Transactions tab',
    path: LINKS.adminTransactions,
    sms: `Claim evidence on ${vehicleName(f.vehicle)} (#${f.transactionId}): ${f.caseText}.`,
  }),
);

/** To the main contact, once: the evidence deadline passed without photos or video; the claim is closed. */
export const claimClosedMessage = composedMessage(
  'claim_case',
  (f: SaleFacts & { evidenceDueOn: string }) => ({
    subject: `Your claim was closed: ${vehicleName(f.vehicle)}`,
    lines: [
      `Your claim on transaction #${f.transactionId} was closed: no photos or video were added by ${formatDay(f.evidenceDueOn)}, the evidence deadline.`,
      'While the guarantee runs you may open a new claim with its evidence.',
    ],
    vehicle: f.vehicle,
    action: 'See the transaction in your dealer dashboard',
    path: LINKS.dealerSale(f.transactionId),
    sms: `Your claim on ${vehicleName(f.vehicle)} (#${f.transactionId}) was closed: no evidence by ${formatDay(f.evidenceDueOn)}.`,
  }),
);

/** To every admin, once: a claim's decision deadline passed without a decision. */
export const claimEscalatedMessage = composedMessage(
  'claim_escalated',
  (f: SaleFacts & { decisionDueOn: string; category: string }) => ({
    subject: `Claim decision overdue: ${vehicleName(f.vehicle)}`,
    lines: [
      `The claim of ${f.dealerName} on transaction #${f.transactionId} (${f.category}) was due a decision by ${formatDay(f.decisionDueOn)} and has none.`,
      'Decide it now from the Transactions tab (filter: Open claims): deny with a reason, adjust the price, or buy the car back.',
    ],
    vehicle: f.vehicle,
    action: 'Open the Transactions tab',
    path: LINKS.adminTransactions,
    sms: `Claim decision overdue on ${vehicleName(f.vehicle)} (#${f.transactionId}), due ${formatDay(f.decisionDueOn)}.`,
  }),
);

/** To every admin, once: an award's refund is due within a business day (issue #48). */
export const claimPaymentDueMessage = composedMessage(
  'claim_payment_due',
  (f: SaleFacts & { owed: string; payDueOn: string }) => ({
    subject: `Claim refund due ${formatDay(f.payDueOn)}: ${vehicleName(f.vehicle)}`,
    lines: [
      `The claim award of ${f.dealerName} on transaction #${f.transactionId} is to be paid by ${formatDay(f.payDueOn)}: a refund of ${formatAmount(f.owed)}.`,
      'Pay it and record the refund from the Transactions tab (Details, Record a refund).',
    ],
    vehicle: f.vehicle,
    action: 'Open the Transactions tab',
    path: LINKS.adminTransactions,
    sms: `Claim refund of ${formatAmount(f.owed)} on ${vehicleName(f.vehicle)} (#${f.transactionId}) due ${formatDay(f.payDueOn)}.`,
  }),
);

/** To every admin, once: an award's refund was not paid by its pay-by day (issue #48). */
export const claimPaymentLateMessage = composedMessage(
  'claim_payment_late',
  (f: SaleFacts & { owed: string; payDueOn: string }) => ({
    subject: `Claim refund late: ${vehicleName(f.vehicle)}`,
    lines: [
      `The refund of ${formatAmount(f.owed)} awarded to ${f.dealerName} on transaction #${f.transactionId} was due by ${formatDay(f.payDueOn)} and is not recorded as paid.`,
      'Pay it and record the refund from the Transactions tab (filter: Claim refund late).',
    ],
    vehicle: f.vehicle,
    action: 'Open the Transactions tab',
    path: LINKS.adminTransactions,
    sms: `Claim refund late on ${vehicleName(f.vehicle)} (#${f.transactionId}): ${formatAmount(f.owed)} was due ${formatDay(f.payDueOn)}.`,
  }),
);

/** To the dealer's billing contact, once: the refund we owe on their claim is late, and we know it. */
export const claimRefundLateMessage = composedMessage(
  'claim_refund_late',
  (f: SaleFacts & { owed: string; payDueOn: string }) => ({
    subject: `Your claim refund is late: ${vehicleName(f.vehicle)}`,
    lines: [
      `The refund of ${formatAmount(f.owed)} on your claim (transaction #${f.transactionId}) was due by ${formatDay(f.payDueOn)}. We are sorry it is late: our team has been told and will pay it now.`,
    ],
    vehicle: f.vehicle,
    action: 'See the transaction in your dealer dashboard',
    path: LINKS.dealerSale(f.transactionId),
    sms: `The refund of ${formatAmount(f.owed)} on your claim (#${f.transactionId}) is late (due ${formatDay(f.payDueOn)}); our team has been told.`,
  }),
);
