import { computeVinCheckDigit } from '@contracts/vin';
import type { Database } from '../src/db/client';
import { buyCodes, dealers, dealerUsers, vehicles } from '../src/db/schema';
import { BUY_CODE_ALPHABET } from '../src/modules/buy-codes/buy-code-alphabet';
import { testPasswordHash } from './sessions';

let serial = 0;

/** A unique VIN with a correct check digit. */
export function makeVin(): string {
  serial++;
  const draft = `1HGCM826${'0'}${'L'}A${String(100000 + serial).slice(-6)}`;
  return `${draft.slice(0, 8)}${computeVinCheckDigit(draft)}${draft.slice(9)}`;
}

export async function insertVehicle(db: Database, overrides: Partial<typeof vehicles.$inferInsert> = {}) {
  const [row] = await db
    .insert(vehicles)
    .values({
      vin: makeVin(),
      make: 'Honda',
      model: 'Accord',
      trim: 'EX',
      year: 2020,
      mileage: 42000,
      price: '19999.00',
      description: 'Clean trade-in.',
      condition: 'Auction Certified',
      status: 'active',
      inQueue: false,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function insertDealer(db: Database, overrides: Partial<typeof dealers.$inferInsert> = {}) {
  serial++;
  const [row] = await db
    .insert(dealers)
    .values({
      dealerName: `Test Motors ${serial}`,
      address: '1 Main St, Springfield',
      contactName: 'Pat Doe',
      email: `pat${serial}@testmotors.example`,
      phone: '(555) 010-0100',
      billingContactName: 'Bill Doe',
      billingContactEmail: `billing${serial}@testmotors.example`,
      billingContactPhone: '(555) 010-0101',
      titleContactName: 'Tia Doe',
      titleContactEmail: `titles${serial}@testmotors.example`,
      titleContactPhone: '(555) 010-0102',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function insertBuyCodeRow(
  db: Database,
  overrides: Partial<typeof buyCodes.$inferInsert> & { dealerId: number },
) {
  serial++;
  // "T" and the serial in the codes' own alphabet: 32,768 codes before one repeats (digits with 0 and
  // 1 turned into 9 made 940, 941 and 949 the same code).
  const digit = (place: number) =>
    BUY_CODE_ALPHABET[Math.floor(serial / BUY_CODE_ALPHABET.length ** place) % BUY_CODE_ALPHABET.length];
  const code = overrides.code ?? `T${digit(2)}${digit(1)}${digit(0)}`;
  const [row] = await db
    .insert(buyCodes)
    .values({ ...overrides, code })
    .returning();
  return row!;
}

/** A complete add-dealer form, as the admin's Dealers tab sends it. */
export const DEALER_FORM = {
  dealerName: 'Harbor Auto Group',
  address: '9 Pier Rd, Portland, ME',
  contactName: 'Jo Smith',
  email: 'jo@harbor.example',
  phone: '(207) 555-0101',
  billingContactName: 'Al Smith',
  billingContactEmail: 'billing@harbor.example',
  billingContactPhone: '(207) 555-0102',
  titleContactName: 'Cy Smith',
  titleContactEmail: 'titles@harbor.example',
  titleContactPhone: '(207) 555-0103',
} as const;

export const MEMBER_PASSWORD = 'a long member password';

/**
 * A team member who accepted their invitation and set MEMBER_PASSWORD (tests sign in through
 * POST /api/team/login with signInMember).
 */
export async function insertMember(
  db: Database,
  overrides: Partial<typeof dealerUsers.$inferInsert> & { dealerId: number },
) {
  serial++;
  const [row] = await db
    .insert(dealerUsers)
    .values({
      email: `member${serial}@team.example`,
      name: `Member ${serial}`,
      role: 'buyer',
      passwordHash: testPasswordHash(MEMBER_PASSWORD),
      acceptedAt: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}
