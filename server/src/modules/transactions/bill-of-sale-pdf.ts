import { formatDay } from '@contracts/dates';
import { type GuaranteeTerms, guaranteeLines, isGuaranteed } from '@contracts/guarantee';
import { formatMi, formatMilesNumber } from '@contracts/mileage-format';
import { formatAmount } from '@contracts/money';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { type Cell, CONTENT_WIDTH, columnWidths, type Part, PdfFlow, type TextStyle } from './pdf-flow';

/** What a bill of sale says; the caller reads it from the transaction, this module only draws. */
export interface BillOfSaleFacts {
  transactionId: number;
  /** The date of sale and of transfer; printed as its UTC calendar date. */
  saleDate: Date;
  seller: { name: string; address: string | null; phone: string | null };
  buyer: { dealerName: string; address: string; contactName: string; phone: string; email: string };
  vehicle: {
    year: number | null;
    make: string | null;
    model: string | null;
    trim: string | null;
    vin: string;
    mileage: number | null;
  };
  /** Decimal dollars as stored, e.g. "17900.00". */
  price: string;
  /** Human text of the payment terms, e.g. "Payment due within 3 business days, by Friday, November 27, 2026." */
  paymentTerms: string;
  /** Odometer disclosure per 49 CFR 580.5: which statement is certified. */
  odometer: { reading: number | null; status: 'actual' | 'not_actual' | 'exceeds_limits' };
  /**
   * The guarantee the sale was made under (its terms' snapshot, docs/decisions/0040-guarantee-clock.md):
   * printed in full; none (or a level that guarantees nothing) keeps the as-is clause.
   */
  guarantee: GuaranteeTerms | null;
}

const MISSING = '—';

/**
 * The disclosure's wording follows 49 CFR 580.5 and the form of its Appendix C. That form's default
 * ("reflects the actual mileage … unless one of the following statements is checked") is a box of
 * its own here, so exactly one certification is always marked.
 */
export const ODOMETER_TEXT = {
  heading: 'Odometer Disclosure Statement',
  warning:
    'Federal law (and State law, if applicable) requires that you state the mileage upon transfer of ownership. Failure to complete or providing a false statement may result in fines and/or imprisonment.',
  statement: (reading: string) =>
    `I state, to the best of my knowledge, that the odometer now reads ${reading} miles (no tenths) and that the odometer reading:`,
  certifications: {
    actual: 'reflects the actual mileage of the vehicle described above.',
    exceeds_limits: 'reflects the amount of mileage in excess of its mechanical limits.',
    not_actual: 'is NOT the actual mileage. WARNING — ODOMETER DISCREPANCY.',
  },
} as const;

export const AS_IS_CLAUSE =
  'As-is wholesale sale between dealers. The buyer is a motor vehicle dealer buying for resale. The seller sells and transfers the vehicle described above to the buyer for the price above and states that it has the right to sell it. The vehicle is sold as is, with no warranty, express or implied, including any warranty of merchantability or fitness for a particular purpose, except as stated in writing in the terms of this transaction.';

/** The clause of a guaranteed sale: the guarantee below is the one warranty, nothing is "as is". */
export const GUARANTEED_CLAUSE =
  'Wholesale sale between dealers; the buyer is a motor vehicle dealer buying for resale. The seller transfers the vehicle above for the price above, states that it has the right to sell it, and guarantees it as stated below; no other warranty, express or implied, including of merchantability or fitness for a particular purpose.';

/**
 * "17900.00" → "$17,900", "17900.50" → "$17,900.50" (contracts/money.ts, as every screen says it);
 * text that is not an amount is shown as given rather than guessed at.
 */
export const formatPrice = (price: string): string => formatAmount(price.trim());

/** 48210 → "48,210"; an odometer shows no tenths, so they are dropped, not rounded. */
const formatMiles = (miles: number | null, unit = false) =>
  miles === null || !Number.isFinite(miles)
    ? MISSING
    : (unit ? formatMi : formatMilesNumber)(Math.trunc(miles));

const text = (value: string, style: TextStyle): Part => ({ text: value, style });
const orMissing = (value: string | number | null) =>
  value === null || String(value).trim() === '' ? MISSING : String(value);
const field = (label: string, value: string | number | null, width: number): Cell => ({
  width,
  parts: [text(label, 'label'), text(orMissing(value), 'body')],
});

/**
 * A one-page (for ordinary data) US Letter bill of sale with the federal odometer disclosure.
 * The same facts always give the same bytes: metadata dates come from the sale, nothing is random.
 */
export async function renderBillOfSale(facts: BillOfSaleFacts): Promise<Uint8Array> {
  const title = `Bill of Sale — Transaction No. ${facts.transactionId}`;
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title);
  doc.setAuthor(facts.seller.name);
  doc.setSubject(`Bill of sale and odometer disclosure, VIN ${facts.vehicle.vin}`);
  doc.setLanguage('en-US');
  doc.setCreationDate(facts.saleDate);
  doc.setModificationDate(facts.saleDate);

  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const flow = new PdfFlow(doc, fonts, `${title} (continued)`);
  const saleDate = formatDay(facts.saleDate.toISOString().slice(0, 10));

  flow.row(full(text('Bill of Sale', 'title')));
  flow.row(full(text(`Transaction No. ${facts.transactionId} · Date of sale: ${saleDate}`, 'body')));
  flow.rule();
  parties(flow, facts);
  flow.rule();
  vehicleAndPrice(flow, facts);
  flow.rule();
  agreement(flow, facts);
  flow.rule();
  odometerDisclosure(flow, facts, saleDate);
  flow.footers(title);
  // A classic cross-reference table: readable by every PDF reader, including old printers' RIPs.
  return doc.save({ useObjectStreams: false });
}

const full = (...parts: Part[]): Cell[] => [{ width: CONTENT_WIDTH, parts }];

function parties(flow: PdfFlow, { seller, buyer }: BillOfSaleFacts): void {
  const [sellerWidth, buyerWidth] = columnWidths(1, 1);
  flow.row([
    {
      width: sellerWidth!,
      parts: [
        text('Seller (transferor)', 'heading'),
        text(seller.name, 'strong'),
        text(orMissing(seller.address), 'body'),
        text(`Phone: ${orMissing(seller.phone)}`, 'body'),
      ],
    },
    {
      width: buyerWidth!,
      parts: [
        text('Buyer (transferee)', 'heading'),
        text(buyer.dealerName, 'strong'),
        text(orMissing(buyer.address), 'body'),
        text(`Contact: ${orMissing(buyer.contactName)}`, 'body'),
        text(`Phone: ${orMissing(buyer.phone)}`, 'body'),
        text(`Email: ${orMissing(buyer.email)}`, 'body'),
      ],
    },
  ]);
}

function vehicleAndPrice(flow: PdfFlow, { vehicle, price, paymentTerms }: BillOfSaleFacts): void {
  flow.row(full(text('Vehicle', 'heading')));
  const [yearW, makeW, modelW, trimW] = columnWidths(1, 2.5, 2.5, 2.5);
  flow.row([
    field('YEAR', vehicle.year, yearW!),
    field('MAKE', vehicle.make, makeW!),
    field('MODEL', vehicle.model, modelW!),
    field('TRIM', vehicle.trim, trimW!),
  ]);
  flow.space(4);
  const [vinW, mileageW] = columnWidths(2, 1);
  flow.row([
    field('VIN', vehicle.vin, vinW!),
    field('MILEAGE', formatMiles(vehicle.mileage, true), mileageW!),
  ]);
  flow.rule();
  const [priceW, termsW] = columnWidths(1, 3);
  flow.row([
    { width: priceW!, parts: [text('PRICE', 'label'), text(formatPrice(price), 'heading')] },
    field('TERMS', paymentTerms, termsW!),
  ]);
}

/** The as-is clause and the parties' signatures under it, kept on one page when they fit. */
function agreement(flow: PdfFlow, { seller, buyer, guarantee }: BillOfSaleFacts): void {
  const signatures: [label: string, share: number][] = [
    [`Seller's signature (${seller.name})`, 3],
    ['Date', 1],
    [`Buyer's signature (for ${buyer.dealerName})`, 3],
    ['Date', 1],
  ];
  const widths = columnWidths(...signatures.map(([, share]) => share));
  const cells = signatures.map(([label], i) => ({
    width: widths[i]!,
    parts: [{ signatureLine: true } as const, text(label, 'label')],
  }));
  const guaranteed = isGuaranteed(guarantee);
  const clause = full(
    text(guaranteed ? GUARANTEED_CLAUSE : AS_IS_CLAUSE, 'small'),
    ...(guaranteed ? guaranteeLines(guarantee).map((line) => text(line, 'small')) : []),
  );
  flow.keepTogether(flow.measure(clause) + 8 + flow.measure(cells, { alignParts: true }));
  flow.row(clause);
  flow.space(8);
  flow.row(cells, { alignParts: true });
  flow.space(4);
}

function odometerDisclosure(flow: PdfFlow, facts: BillOfSaleFacts, saleDate: string): void {
  const { odometer, seller, buyer } = facts;
  const reading = odometer.reading === null ? '__________' : formatMiles(odometer.reading);
  const [boxW, certW] = columnWidths(1, 22);
  const certifications = (['actual', 'exceeds_limits', 'not_actual'] as const).map((status) => [
    { width: boxW!, parts: [{ checked: status === odometer.status }] },
    { width: certW!, parts: [text(ODOMETER_TEXT.certifications[status], 'body')] },
  ]);
  const [left, right] = columnWidths(1, 1);
  const party = (role: string, printedName: string, width: number): Cell => ({
    width,
    parts: [
      text(role, 'strong'),
      { signatureLine: true },
      text('Signature', 'label'),
      text(printedName, 'body'),
      text('Printed name', 'label'),
      { signatureLine: true },
      text('Date of statement', 'label'),
    ],
  });
  const signatures = [
    party('Transferor (seller)', seller.name, left!),
    party(`Transferee (buyer, for ${buyer.dealerName})`, buyer.contactName, right!),
  ];

  const intro = [
    full(text(ODOMETER_TEXT.heading, 'heading')),
    full(text(ODOMETER_TEXT.warning, 'small')),
    full(text(`Date of transfer: ${saleDate}`, 'body'), text(ODOMETER_TEXT.statement(reading), 'body')),
  ];
  const INTRO_SPACING = 4;
  // The statement and its boxes belong together; so do the two signatures.
  const sum = (rows: Cell[][], spacing: number) =>
    rows.reduce((total, row) => total + flow.measure(row) + spacing, 0);
  flow.keepTogether(sum(intro, INTRO_SPACING) + sum(certifications, 0));
  for (const row of intro) {
    flow.row(row);
    flow.space(INTRO_SPACING);
  }
  for (const row of certifications) flow.row(row);
  flow.space(10);
  flow.keepTogether(flow.measure(signatures, { alignParts: true }));
  flow.row(signatures, { alignParts: true });
}
