import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { defaultGuaranteeTerms, guaranteeLines } from '@contracts/guarantee';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillOfSaleFacts, ODOMETER_TEXT, renderBillOfSale } from './bill-of-sale-pdf';

/** The generated PDF read back with poppler, the way a reader or printer sees it. */
const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bill-of-sale-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const facts: BillOfSaleFacts = {
  transactionId: 1042,
  saleDate: new Date('2026-11-24T15:30:00Z'),
  seller: {
    name: 'Deal Machine Wholesale LLC',
    address: '400 Commerce Way\nSuite 200\nColumbus, OH 43215',
    phone: '(555) 010-0142',
  },
  buyer: {
    dealerName: 'Summit Auto Group',
    address: '1200 Route 9\nAlbany, NY 12205',
    contactName: 'Dana Whitfield',
    phone: '(518) 555-0199',
    email: 'dana@summitauto.example',
  },
  vehicle: {
    year: 2021,
    make: 'Toyota',
    model: 'Camry',
    trim: 'SE',
    vin: '4T1G11AK5MU123456',
    mileage: 48210,
  },
  price: '17900.00',
  paymentTerms: 'Payment due within 3 business days, by Nov 27, 2026.',
  odometer: { reading: 48210, status: 'actual' },
  guarantee: null,
};

let count = 0;
async function render(input: BillOfSaleFacts) {
  const file = join(dir, `bill-${++count}.pdf`);
  await writeFile(file, await renderBillOfSale(input));
  const layout = (await run('pdftotext', ['-layout', file, '-'])).stdout;
  const info = (await run('pdfinfo', [file])).stdout;
  return {
    file,
    layout,
    flat: layout.replace(/\s+/g, ' '),
    pages: Number(/^Pages:\s+(\d+)/m.exec(info)![1]),
    info,
  };
}

const STATUSES = ['actual', 'exceeds_limits', 'not_actual'] as const;

describe('renderBillOfSale', () => {
  it('shows the sale, the parties, the vehicle and the price on one page', async () => {
    const { layout, flat, pages, info } = await render(facts);
    expect(pages).toBe(1);
    expect(flat).toContain('Bill of Sale');
    expect(flat).toContain('Transaction No. 1042');
    expect(flat).toContain('Date of sale: Nov 24, 2026');
    for (const value of ['4T1G11AK5MU123456', '$17,900', 'Summit Auto Group', 'Contact: Dana Whitfield']) {
      expect(flat).toContain(value);
    }
    for (const value of ['2021', 'Toyota', 'Camry', 'SE', '48,210', 'dana@summitauto.example']) {
      expect(flat).toContain(value);
    }
    expect(flat).toContain('Payment due within 3 business days, by Nov 27, 2026.');
    expect(flat).toContain('As-is wholesale sale between dealers.');
    // A multi-line address keeps its lines.
    const lines = layout.split('\n');
    const lineOf = (text: string) => lines.findIndex((line) => line.includes(text));
    expect(lineOf('Albany, NY 12205')).toBe(lineOf('1200 Route 9') + 1);
    expect(lineOf('Columbus, OH 43215')).toBe(lineOf('Suite 200') + 1);
    expect(info).toMatch(/^Title:\s+Bill of Sale — Transaction No\. 1042$/m);
    expect(info).toMatch(/^Author:\s+Deal Machine Wholesale LLC$/m);
    expect(info).toMatch(/^CreationDate:\s+Tue Nov 24 15:30:00 2026 UTC$/m);
    expect(info).toMatch(/^Page size:\s+612 x 792 pts \(letter\)$/m);
  });

  it('prints the guarantee of a guaranteed sale instead of "as is", still on one page', async () => {
    const guarantee = defaultGuaranteeTerms('Deal Machine Certified').auction;
    const { flat, pages } = await render({ ...facts, guarantee });
    expect(pages).toBe(1);
    expect(flat).not.toContain('As-is');
    expect(flat).not.toContain('sold as is');
    for (const line of guaranteeLines(guarantee)) expect(flat).toContain(line);
    expect(flat).toContain(
      'Auction Certified guarantee: 7 business days after pickup or delivery; deductible: $250 per claim',
    );
    expect(flat).toContain('deductible: $250 per claim');
    // A level that guarantees nothing keeps the as-is clause.
    const asIs = await render({ ...facts, guarantee: { ...guarantee, covered: [] } });
    expect(asIs.flat).toContain('As-is wholesale sale between dealers.');
    expect(asIs.flat).not.toContain('Covered:');
  });

  it('carries the odometer disclosure of 49 CFR 580 with the reading and its signatures', async () => {
    const { flat } = await render(facts);
    expect(flat).toContain('Odometer Disclosure Statement');
    expect(flat).toContain(
      'Federal law (and State law, if applicable) requires that you state the mileage upon transfer of ownership. Failure to complete or providing a false statement may result in fines and/or imprisonment.',
    );
    expect(flat).toContain(
      'I state, to the best of my knowledge, that the odometer now reads 48,210 miles (no tenths) and that the odometer reading:',
    );
    expect(flat).toContain('Transferor (seller)');
    expect(flat).toContain('Transferee (buyer, for Summit Auto Group)');
    expect(flat.match(/Printed name/g)).toHaveLength(2);
    expect(flat.match(/Date of statement/g)).toHaveLength(2);
  });

  it.each(STATUSES)('marks the %s certification and leaves the other two empty', async (status) => {
    const { flat } = await render({ ...facts, odometer: { reading: 48210, status } });
    expect(flat.match(/\[X\]/g)).toHaveLength(1);
    for (const other of STATUSES) {
      const box = other === status ? '[X]' : '[ ]';
      expect(flat).toContain(`${box} ${ODOMETER_TEXT.certifications[other]}`);
    }
    expect(flat).toContain('is NOT the actual mileage. WARNING — ODOMETER DISCREPANCY.');
  });

  it('shows a dash for missing facts and a blank for an unknown odometer reading', async () => {
    const { flat, pages } = await render({
      ...facts,
      seller: { name: 'Deal Machine Wholesale LLC', address: null, phone: null },
      vehicle: { year: null, make: null, model: null, trim: null, vin: '4T1G11AK5MU123456', mileage: null },
      odometer: { reading: null, status: 'not_actual' },
    });
    expect(pages).toBe(1);
    expect(flat).toContain('Phone: —');
    expect(flat).toContain('YEAR MAKE MODEL TRIM — — — —');
    expect(flat).toContain('MILEAGE 4T1G11AK5MU123456 —');
    expect(flat).toContain('the odometer now reads __________ miles (no tenths)');
    expect(flat).toContain('[X] is NOT the actual mileage.');
  });

  it('renders to an image with pdftoppm', async () => {
    const { file } = await render(facts);
    await run('pdftoppm', ['-png', '-r', '50', file, join(dir, 'page')]);
    const pngs = (await readdir(dir)).filter((name) => name.startsWith('page') && name.endsWith('.png'));
    expect(pngs).toHaveLength(1);
    const png = await readFile(join(dir, pngs[0]!));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.length).toBeGreaterThan(1000);
  });

  it('survives text Helvetica cannot draw and overlong fields, keeping every word on the page', async () => {
    const hostile: BillOfSaleFacts = {
      ...facts,
      seller: {
        name: 'Łódź Motors 🚗 株式会社\u0007\u200d',
        address: `ul. Piotrkowska 1\r\n\r\n${'Ż'.repeat(5000)}`,
        phone: '\u0000\t555\u202e0100',
      },
      buyer: {
        ...facts.buyer,
        dealerName: `${'Very Long Dealer Name '.repeat(30)}👨‍👩‍👧`,
        address: 'Main Street 12 '.repeat(340),
      },
      vehicle: { ...facts.vehicle, make: 'Škoda', model: '🚙'.repeat(50), trim: 'ＧＴ\uFFFF' },
      paymentTerms: `${'net 3 '.repeat(200)}\u0085done`,
    };
    const { file, flat, pages } = await render(hostile);
    expect(flat).toContain('4T1G11AK5MU123456');
    expect(flat).toContain('$17,900');
    expect(flat).toContain('Lódz Motors ? ????');
    expect(flat).toContain('Škoda'); // Š is in WinAnsi; Ł and ź are not
    expect(flat).toContain('GT?'); // full-width letters decompose; U+FFFF has no form
    expect(flat).toContain('[X] reflects the actual mileage');
    expect(pages).toBeGreaterThan(1);
    expect(pages).toBeLessThanOrEqual(6);
    // Every word's box lies inside the page's margins (54 pt on US Letter).
    const bbox = (await run('pdftotext', ['-bbox', file, '-'], { maxBuffer: 64 * 1024 * 1024 })).stdout;
    const words = [...bbox.matchAll(/xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)"/g)];
    expect(words.length).toBeGreaterThan(100);
    for (const [, xMin, yMin, xMax, yMax] of words) {
      expect(Number(xMin)).toBeGreaterThanOrEqual(53.5);
      expect(Number(xMax)).toBeLessThanOrEqual(612 - 53.5);
      expect(Number(yMin)).toBeGreaterThanOrEqual(40);
      expect(Number(yMax)).toBeLessThanOrEqual(792 - 40);
    }
  });

  it('gives byte-identical output for the same facts', async () => {
    const first = await renderBillOfSale(facts);
    const second = await renderBillOfSale(structuredClone(facts));
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    const later = await renderBillOfSale({ ...facts, saleDate: new Date('2026-11-25T00:00:00Z') });
    expect(Buffer.from(later).equals(Buffer.from(first))).toBe(false);
  });
});
