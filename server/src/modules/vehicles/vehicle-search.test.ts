import { premiumCertification } from '@contracts/brand';
import { DELIVERY_TEXT } from '@contracts/delivery';
import { AUCTION_CERTIFIED } from '@contracts/limits';
import type { PublicVehicle } from '@contracts/vehicle';
import {
  SEARCH_TEXT,
  type VehicleSearchQuery,
  type VehicleSearchResult,
  vehicleSearchQuerySchema,
  vehicleSearchResultSchema,
} from '@contracts/vehicle-search';
import { GRADE_MINIMUMS, VEHICLE_SORTS, type VehicleSort } from '@contracts/vehicle-search-options';
import { computeVinCheckDigit } from '@contracts/vin';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeVin } from '../../../test/factories';
import { dealerWithCode, nextAddress } from '../../../test/helpers';
import { signIn, signInAdmin } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';
import { dealers, vehicles } from '../../db/schema';
import { placeOfZip, roadMiles } from '../../lib/zip';
import { VehicleSearchCache } from './search-cache';
import { searchVehicles, vinMatch } from './search-vehicles';

type Row = typeof vehicles.$inferSelect;

let premium = '';
/** The 250 published vehicles, and the ones the public never sees. */
let published: Row[] = [];
let hidden: Row[] = [];

const MODELS = [
  ['Toyota', 'Camry'],
  ['Honda', 'Accord'],
  ['Ford', 'F-150'],
  ['Hyundai', 'Elantra'],
  ['Chevrolet', 'Silverado 1500'],
] as const;
const GRADES = [null, '2.5', '3.0', '4.0', '4.5', '5.0'];
/** A VIN of another manufacturer than the factories' 1HGCM826…, to find by its prefix. */
const vinStarting = (prefix: string, serial: number) => {
  const draft = `${prefix}${'0'.repeat(17)}`.slice(0, 11) + String(serial).padStart(6, '0');
  return `${draft.slice(0, 8)}${computeVinCheckDigit(draft)}${draft.slice(9)}`;
};

/** Many ties and some missing values in every sort key, so the tie-break and "missing last" matter. */
function vehicleAt(i: number): typeof vehicles.$inferInsert {
  const [make, model] = MODELS[i % MODELS.length]!;
  return {
    vin: i === 7 ? vinStarting('JTDKB20U', 7) : makeVin(),
    make,
    model,
    trim: i % 2 ? 'LE' : null,
    year: i % 13 === 0 ? null : 2012 + (i % 9),
    mileage: i % 11 === 0 ? null : ((i * 7) % 40) * 1000,
    price: i % 17 === 0 ? null : (8000 + ((i * 37) % 20) * 500).toFixed(2),
    condition: i % 3 === 0 ? premium : AUCTION_CERTIFIED,
    grade: GRADES[i % GRADES.length],
    conditionReportedAt: GRADES[i % GRADES.length] ? new Date() : null,
    // Most at the lot (no location: LOT_ZIP, Grand Prairie TX), some in New York, some in Los Angeles.
    locationZip: i % 7 === 1 ? NEW_YORK : i % 7 === 2 ? LOS_ANGELES : null,
    status: 'active',
    inQueue: false,
  };
}
const NEW_YORK = '10001';
const LOS_ANGELES = '90012';

/** What each sort means, written out independently of the SQL: missing values last, then newest listing. */
const SORT_VALUE: Record<VehicleSort, [(row: Row) => number | null, 1 | -1]> = {
  newest: [(row) => row.year, -1],
  'price-asc': [(row) => (row.price === null ? null : Number(row.price)), 1],
  'price-desc': [(row) => (row.price === null ? null : Number(row.price)), -1],
  'mileage-asc': [(row) => row.mileage, 1],
};
function sorted(rows: Row[], sort: VehicleSort) {
  const [value, direction] = SORT_VALUE[sort];
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return (x - y) * direction;
    }
    return b.id - a.id;
  });
}

async function search(params: Record<string, string | number> = {}, cookie?: string) {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
  return ctx.app.inject({
    url: `/api/vehicles/search?${query}`,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}
async function found(params: Record<string, string | number> = {}): Promise<VehicleSearchResult> {
  const res = await search(params);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every page from the first; `between` runs after each page (to insert vehicles mid-way). */
async function pageThrough(
  params: Record<string, string | number>,
  between: (page: number) => Promise<void> = async () => {},
) {
  const ids: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const body: VehicleSearchResult = await found({ ...params, ...(cursor ? { cursor } : {}) });
    ids.push(...body.items.map((item) => item.id));
    cursor = body.nextCursor;
    pages++;
    await between(pages);
  } while (cursor && pages < 50);
  return { ids, pages };
}

const count = (rows: Row[], keep: (row: Row) => boolean) => rows.filter(keep).length;

/**
 * A change written straight to the database, once the app has heard its NOTIFY vehicles_changed
 * (a moment after the commit), which drops kept answers: later reads come from the database.
 */
async function writeHeard<T>(write: () => Promise<T>): Promise<T> {
  const heard = ctx.app.listCache.invalidations;
  const result = await write();
  await expect.poll(() => ctx.app.listCache.invalidations, { timeout: 5000 }).toBeGreaterThan(heard);
  return result;
}

const ctx = withApp();

beforeAll(async () => {
  premium = premiumCertification(ctx.config.brand);
  published = await ctx.db
    .insert(vehicles)
    .values(Array.from({ length: 250 }, (_, i) => vehicleAt(i)))
    .returning();
  // Hidden ones would come first in every sort and match every search below if they leaked.
  const leaky = { make: 'Toyota', model: 'Camry', year: 2030, price: '100.00', mileage: 1, grade: '5.0' };
  hidden = await ctx.db
    .insert(vehicles)
    .values([
      { ...leaky, vin: vinStarting('JTDKB20U', 1), status: 'pending', inQueue: true },
      { ...leaky, vin: vinStarting('JTDKB20U', 2), status: 'pending', inQueue: false },
      { ...leaky, vin: vinStarting('JTDKB20U', 3), status: 'sold', inQueue: false },
      { ...leaky, vin: vinStarting('JTDKB20U', 4), status: 'removed', inQueue: false },
      // Held for a first look (docs/design.md §13): on sale to the dealerships it is held for, not to a search.
      {
        ...leaky,
        vin: vinStarting('JTDKB20U', 5),
        status: 'active',
        inQueue: true,
        firstLookUntil: new Date(Date.now() + 3_600_000),
      },
    ])
    .returning();
});

describe('GET /api/vehicles/search: paging', () => {
  it.each(VEHICLE_SORTS)('pages through 250 vehicles 50 at a time, each once, in %s order', async (sort) => {
    const { ids, pages } = await pageThrough({ sort, limit: 50 });
    expect(pages).toBe(5);
    expect(ids).toEqual(sorted(published, sort).map((row) => row.id));
  });

  it('answers 24 items by default, each exactly as the list endpoint shows it', async () => {
    const body = await found();
    expect(body.items).toHaveLength(24);
    // Sent as kept bytes, past the serializer: the contract still holds.
    expect(vehicleSearchResultSchema.parse(body)).toEqual(body);
    const list = (await ctx.app.inject('/api/vehicles')).json() as PublicVehicle[];
    const listed = new Map(list.map((vehicle) => [vehicle.id, vehicle]));
    for (const item of body.items) expect(item).toEqual(listed.get(item.id));
  });

  it.each(['newest', 'price-asc'] as const)(
    'stays exact in %s order while vehicles are added between pages',
    async (sort) => {
      const added: Row[] = [];
      // The next page comes from the database, not from an earlier test's kept page.
      const add = async (values: Partial<typeof vehicles.$inferInsert>[]) => {
        const rows = await writeHeard(() =>
          ctx.db
            .insert(vehicles)
            .values(values.map((v) => ({ ...vehicleAt(1), vin: makeVin(), ...v })))
            .returning(),
        );
        added.push(...rows);
        return rows;
      };
      try {
        const early: Row[] = [];
        const late: Row[] = [];
        const { ids } = await pageThrough({ sort, limit: 50 }, async (page) => {
          if (page !== 1 && page !== 3) return;
          // Before the pages already read (not shown), at the end (shown), and a tie on a read key.
          early.push(
            ...(await add([
              { year: 2035, price: '1000.00' },
              { year: 2035, price: '1000.00' },
            ])),
          );
          late.push(
            ...(await add([
              { year: null, price: null },
              { year: null, price: null },
            ])),
          );
          await add([{ year: 2016, price: '10000.00' }]);
        });
        expect(new Set(ids).size).toBe(ids.length);
        for (const row of published) expect(ids.filter((id) => id === row.id)).toHaveLength(1);
        for (const row of late) expect(ids).toContain(row.id);
        for (const row of early) expect(ids).not.toContain(row.id);
        const shown = [...published, ...added].filter((row) => ids.includes(row.id));
        expect(ids).toEqual(sorted(shown, sort).map((row) => row.id));
      } finally {
        await writeHeard(() =>
          ctx.db.delete(vehicles).where(
            inArray(
              vehicles.id,
              added.map((row) => row.id),
            ),
          ),
        );
        expect((await found()).total).toBe(250);
      }
    },
  );
});

describe('GET /api/vehicles/search: filters, totals and facets', () => {
  it('counts every match by certification and by make, not only the page', async () => {
    const body = await found({ limit: 10 });
    expect(body.items).toHaveLength(10);
    expect(body.total).toBe(250);
    expect(body.facets.certification).toEqual({
      premium: count(published, (row) => row.condition === premium),
      auction: count(published, (row) => row.condition === AUCTION_CERTIFIED),
    });
    expect(body.facets.make).toEqual(
      MODELS.map(([make]) => ({ make, count: count(published, (row) => row.make === make) })).sort(
        (a, b) => b.count - a.count || a.make.localeCompare(b.make),
      ),
    );
  });

  /**
   * Every page of a search, read with the given ways of reading a page (search-vehicles.ts); with
   * `firstWalkEntries`, each page with nothing kept (its counts too), as right after a write.
   */
  const pagesOf = async (params: VehicleSearchQuery, collectAndSortUpTo: number, firstWalkEntries = 0) => {
    let cache = new VehicleSearchCache();
    const ids: number[] = [];
    let cursor: string | undefined;
    do {
      if (firstWalkEntries > 0) cache = new VehicleSearchCache();
      const page = await searchVehicles(
        ctx.db,
        { ...params, ...(cursor ? { cursor } : {}) },
        {
          premiumLabel: premium,
          lotZip: ctx.config.transport.lotZip,
          cache,
          collectAndSortUpTo,
          firstWalkEntries,
        },
      );
      ids.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return ids;
  };

  it('reads the same pages by walking the sort index as by collecting and sorting the matches', async () => {
    for (const sort of VEHICLE_SORTS)
      for (const q of ['', 'o', 'camry 2015']) {
        const params = vehicleSearchQuerySchema.parse({ q, sort, limit: '20' });
        const walked = await pagesOf(params, 0);
        expect(walked.length, `${sort} ${q}`).toBeGreaterThan(0);
        expect(await pagesOf(params, Number.POSITIVE_INFINITY), `${sort} ${q}`).toEqual(walked);
      }
  });

  it('reads the same pages from the first entries of the sort index alone, when they hold the page', async () => {
    // With the most miles the counts read the cars of a mileage band, and the page is first looked
    // for among the index's first entries beside them: 21 hold a page of 20 spread-out matches and the row after
    // it (which says there is a next page); 20 do not, nor do they hold the bunched 'camry 2015':
    // the page is then read again whole. The same pages every way.
    for (const sort of VEHICLE_SORTS)
      for (const q of ['', 'camry 2015']) {
        const params = vehicleSearchQuerySchema.parse({ q, sort, limit: '20', maxMiles: '9999999' });
        const walked = await pagesOf(params, 0);
        expect(walked.length, `${sort} ${q}`).toBeGreaterThan(0);
        for (const first of [20, 21])
          expect(await pagesOf(params, Number.POSITIVE_INFINITY, first), `${sort} ${q} ${first}`).toEqual(
            walked,
          );
      }
  });

  it('counts what it pages through, whether the counts come from the grouped list or the database', async () => {
    const target = published[7]!;
    // Short words (grouped list), words some VIN matches (database: "jtd", the last six), typos,
    // filters and both together.
    const cases: Record<string, string>[] = [
      { q: 'a' },
      { q: 'o 1' },
      { q: 'le', cert: 'premium' },
      { q: 'ca', grade: '4' },
      { q: 'jtd' },
      { q: target.vin.slice(-6) },
      { q: `toyota ${target.vin.slice(-6)}` },
      { q: 'toyta' },
      { q: 'honda 2015', grade: '3', cert: 'auction' },
      { q: '' },
    ];
    for (const params of cases) {
      const body = await found({ ...params, limit: 100 });
      const { ids } = await pageThrough({ ...params, limit: 100 });
      expect(body.total, JSON.stringify(params)).toBe(ids.length);
      const byMake = body.facets.make.reduce((sum, make) => sum + make.count, 0);
      expect(byMake, JSON.stringify(params)).toBe(ids.length);
    }
  });

  it('filters by certification', async () => {
    for (const [cert, condition] of [
      ['premium', premium],
      ['auction', AUCTION_CERTIFIED],
    ] as const) {
      const expected = count(published, (row) => row.condition === condition);
      const { ids } = await pageThrough({ cert, limit: 100 });
      expect(ids).toEqual(
        sorted(
          published.filter((row) => row.condition === condition),
          'newest',
        ).map((row) => row.id),
      );
      const body = await found({ cert });
      expect(body.total).toBe(expected);
      // Each facet is counted without its own choice: the other certification's count is what choosing it would list.
      expect(body.facets.certification).toEqual({
        premium: count(published, (row) => row.condition === premium),
        auction: count(published, (row) => row.condition === AUCTION_CERTIFIED),
      });
    }
    expect((await found({ cert: 'all' })).total).toBe(250);
  });

  it('keeps vehicles graded at least the minimum; ungraded ones drop out', async () => {
    for (const grade of ['4', '4.5', '2', '0']) {
      const body = await found({ grade, limit: 100 });
      expect(body.total).toBe(
        count(published, (row) => row.grade !== null && Number(row.grade) >= Number(grade)),
      );
      for (const item of body.items) expect(item.grade).toBeGreaterThanOrEqual(Number(grade));
    }
    expect((await found({ grade: 'any' })).total).toBe(250);
    const both = await found({ grade: '4.5', cert: 'premium', sort: 'price-desc', limit: 100 });
    const expected = published.filter(
      (row) => row.condition === premium && row.grade !== null && Number(row.grade) >= 4.5,
    );
    expect(both.items.map((item) => item.id)).toEqual(sorted(expected, 'price-desc').map((row) => row.id));
    expect(both.total).toBe(expected.length);
  });
});

describe('GET /api/vehicles/search: make, model, years, prices, miles and distance', () => {
  const lower = (value: string | null) => value?.toLowerCase() ?? null;
  /** The filters written out independently of the SQL: a missing value drops out once its filter is set. */
  const FILTERS: Record<string, (row: Row, value: string) => boolean> = {
    make: (row, value) => lower(row.make) === value.toLowerCase(),
    model: (row, value) => lower(row.model) === value.toLowerCase(),
    yearMin: (row, value) => row.year !== null && row.year >= Number(value),
    yearMax: (row, value) => row.year !== null && row.year <= Number(value),
    priceMin: (row, value) => row.price !== null && Number(row.price) >= Number(value.replace(/,/g, '')),
    priceMax: (row, value) => row.price !== null && Number(row.price) <= Number(value.replace(/,/g, '')),
    maxMiles: (row, value) => row.mileage !== null && row.mileage <= Number(value),
    cert: (row, value) =>
      value === 'all' || row.condition === (value === 'premium' ? premium : AUCTION_CERTIFIED),
    grade: (row, value) => row.grade !== null && Number(row.grade) >= Number(value),
    // Always from Dallas (zip=75201); the lot is within 50 miles of it (see the distance test below).
    zip: (_row, value) => value === '75201',
    within: (row, value) =>
      row.locationZip === null ||
      roadMiles(placeOfZip('75201'), placeOfZip(row.locationZip)) <= Number(value),
  };
  const keeps =
    (params: Record<string, string>, except: string[] = []) =>
    (row: Row) =>
      Object.entries(params).every(([name, value]) => except.includes(name) || FILTERS[name]!(row, value));

  it.each([
    { make: 'Toyota' },
    { make: 'toyota', model: 'CAMRY' },
    { model: 'Accord' },
    { yearMin: '2015' },
    { yearMin: '2014', yearMax: '2016' },
    { priceMin: '10000' },
    { priceMin: '9,000', priceMax: '12,500' },
    { maxMiles: '15000' },
    { make: 'Ford', yearMax: '2018', priceMax: '15000', maxMiles: '30000', cert: 'premium' },
  ] as Record<string, string>[])('filters by %j, every page in order', async (params) => {
    const expected = published.filter(keeps(params));
    expect(expected.length, 'a filter that keeps none proves nothing').toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(published.length);
    for (const sort of ['newest', 'price-asc'] as const) {
      const { ids } = await pageThrough({ ...params, sort, limit: 40 });
      expect(ids).toEqual(sorted(expected, sort).map((row) => row.id));
    }
    expect((await found(params)).total).toBe(expected.length);
  });

  it.each([
    // Counted from the vehicles (a price range) and from the published list's groups (a make, a
    // model alone, model years).
    { make: 'Toyota', cert: 'auction', grade: '3', priceMax: '14000', q: 'le' },
    { make: 'honda', cert: 'premium', grade: '2' },
    { model: 'camry', grade: '4' },
    { cert: 'premium', yearMin: '2016' },
    // Years and distance from the groups by model year and place; the most miles from the groups
    // by mileage band below the band it cuts and that band's cars (bands of 10,000 miles: a limit
    // at a band's end, at its start, inside it, and in the first band).
    { within: '100', zip: '75201', make: 'Honda', grade: '3' },
    { model: 'camry', yearMax: '2017', within: '3000', zip: '75201', cert: 'auction' },
    { make: 'toyota', yearMin: '2014', yearMax: '2018', within: '1500', zip: '75201' },
    { maxMiles: '30000', make: 'Toyota', within: '100', zip: '75201', q: 'a' },
    { maxMiles: '19999', cert: 'auction', yearMin: '2015' },
    { maxMiles: '25500', make: 'honda', grade: '3' },
    { maxMiles: '4000', model: 'camry' },
  ] as Record<string, string>[])(
    'counts each facet of %j with every other choice applied',
    async (params) => {
      const { q = '', cert = 'all', grade, make, model, ...filters } = params;
      const faceted = Object.fromEntries(
        Object.entries({ cert, grade, make, model }).filter(([, value]) => value !== undefined),
      ) as Record<string, string>;
      const written = (row: Row) =>
        `${row.make} ${row.model} ${row.trim ?? ''} ${row.year ?? ''}`.toLowerCase().includes(q);
      const base = published.filter((row) => written(row) && keeps(filters)(row));
      const body = await found(params);
      expect(body.total).toBe(count(base, keeps(faceted)));
      expect((await pageThrough({ ...params, limit: 100 })).ids).toHaveLength(body.total);
      expect(body.facets.certification).toEqual({
        premium: count(base, keeps({ ...faceted, cert: 'premium' })),
        auction: count(base, keeps({ ...faceted, cert: 'auction' })),
      });
      const tally = (rows: Row[], nameOf: (row: Row) => string | null) =>
        [...new Set(rows.map(nameOf))]
          .filter((name) => name !== null)
          .map((name) => ({ name, count: count(rows, (row) => nameOf(row) === name) }))
          .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
      const forMakes = base.filter(keeps(faceted, ['make', 'model']));
      expect(body.facets.make).toEqual(
        tally(forMakes, (row) => row.make).map(({ name, count }) => ({ make: name, count })),
      );
      expect(body.facets.make.length).toBeGreaterThan(1);
      expect(body.facets.model).toEqual(
        make === undefined
          ? []
          : tally(base.filter(keeps(faceted, ['model'])), (row) => row.model).map(({ name, count }) => ({
              model: name,
              count,
            })),
      );
      expect(body.facets.grade).toEqual(
        GRADE_MINIMUMS.map((min) => ({ min, count: count(base, keeps({ ...faceted, grade: min })) })),
      );
    },
  );

  it('lists every model of the chosen make, whichever model is chosen, with and without other filters', async () => {
    // Two Honda Civics beside the Accords, for this test only.
    const civics = await writeHeard(() =>
      ctx.db
        .insert(vehicles)
        .values(
          [0, 1].map((i) => ({ ...vehicleAt(1), vin: makeVin(), model: 'Civic', price: `${9000 + i}.00` })),
        )
        .returning(),
    );
    try {
      // Without a filter counted from the published list's groups and the make's cars; with one, from the cars.
      for (const extra of [{}, { priceMax: '99999' }] as Record<string, string>[]) {
        const accords = count(
          published,
          (row) => row.model === 'Accord' && (!extra.priceMax || row.price !== null),
        );
        const body = await found({ make: 'Honda', model: 'civic', ...extra });
        expect(body.total, JSON.stringify(extra)).toBe(2);
        expect(body.facets.model, JSON.stringify(extra)).toEqual([
          { model: 'Accord', count: accords },
          { model: 'Civic', count: 2 },
        ]);
      }
    } finally {
      await writeHeard(() =>
        ctx.db.delete(vehicles).where(
          inArray(
            vehicles.id,
            civics.map((row) => row.id),
          ),
        ),
      );
    }
  });

  it('takes a GET form’s empty fields as no filter', async () => {
    const body = await found({
      q: '',
      make: '',
      model: ' ',
      yearMin: '',
      yearMax: '',
      priceMin: '',
      priceMax: '',
      maxMiles: '',
      within: '',
      zip: '',
    });
    expect(body.total).toBe(250);
    expect(body.distance).toBeNull();
  });

  it('keeps the cars within the road miles of a ZIP, where they stand (their location, else the lot)', async () => {
    const at = (zip: string | null) => (row: Row) => row.locationZip === zip;
    const dallas = await found({ within: '50', zip: '75201', limit: 100 });
    expect(dallas.distance).toEqual({ zip: '75201', place: 'Dallas, TX', within: 50 });
    expect(dallas.total).toBe(count(published, at(null)));
    const nearNewYork = await pageThrough({ within: '100', zip: '10002', limit: 100 });
    expect(nearNewYork.ids.sort()).toEqual(
      published
        .filter(at(NEW_YORK))
        .map((row) => row.id)
        .sort(),
    );
    // The miles are a transport quote's (lib/zip.ts roadMiles): Los Angeles is in at its miles from Dallas, out a mile short.
    const toLosAngeles = roadMiles(placeOfZip('75201'), placeOfZip(LOS_ANGELES));
    const justShort = await found({ within: String(toLosAngeles - 1), zip: '75201' });
    expect(justShort.total).toBe(count(published, at(null)));
    const justIn = await found({ within: String(toLosAngeles), zip: '75201', make: 'Honda' });
    expect(justIn.total).toBe(
      count(published, (row) => row.make === 'Honda' && row.locationZip !== NEW_YORK),
    );
    expect((await found({ within: '3000', zip: '75201' })).total).toBe(250);
  });

  it('measures from a signed-in dealer’s delivery ZIP when none is typed, in an answer of its own', async () => {
    const { dealer, code } = await dealerWithCode(ctx.db);
    await ctx.db.update(dealers).set({ deliveryZip: '10002' }).where(eq(dealers.id, dealer.id));
    const cookie = await signIn(
      ctx.app,
      'dealer',
      { dealerName: dealer.dealerName, buyCode: code },
      nextAddress(),
    );
    const res = await search({ within: '100', limit: 100 }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const body: VehicleSearchResult = res.json();
    expect(body.distance).toEqual({ zip: '10002', place: 'New York, NY', within: 100 });
    expect(body.total).toBe(count(published, (row) => row.locationZip === NEW_YORK));
    // A ZIP typed wins; without a session there is nothing to measure from.
    expect(
      ((await search({ within: '50', zip: '75201' }, cookie)).json() as VehicleSearchResult).distance?.zip,
    ).toBe('75201');
    const anonymous = await search({ within: '100' });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json().message).toBe(SEARCH_TEXT.withinNeedsZip);
  });
});

describe('GET /api/vehicles/search: counts kept between requests', () => {
  it('counts a search once until the list changes; a listing change is seen at once', async () => {
    const loads = ctx.app.searchCache.counts.loads;
    const hondas = count(published, (row) => row.make === 'Honda');
    expect((await found({ q: 'honda', sort: 'price-asc' })).total).toBe(hondas);
    expect((await found({ q: 'Honda', limit: 5 })).total).toBe(hondas);
    expect(ctx.app.searchCache.counts.loads).toBe(loads + 1);

    const admin = await signInAdmin(ctx.app);
    const honda = published.find((row) => row.make === 'Honda')!;
    const setStatus = (status: 'removed' | 'active') =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/vehicles/${honda.id}`,
        headers: { cookie: admin },
        payload: { action: 'status', status, inQueue: false },
      });
    expect((await setStatus('removed')).statusCode).toBe(200);
    const after = await found({ q: 'honda', limit: 100 });
    expect(after.total).toBe(hondas - 1);
    expect(after.items.map((item) => item.id)).not.toContain(honda.id);
    expect((await setStatus('active')).statusCode).toBe(200);
    expect((await found({ q: 'honda' })).total).toBe(hondas);
  });
});

describe('GET /api/vehicles/search: q', () => {
  it('tolerates typos in makes and models, in any case', async () => {
    const toyotas = count(published, (row) => row.make === 'Toyota');
    for (const q of ['Toyta', 'toyota', 'TOYOTA', 'camr', 'Toyta camr', ' camry ']) {
      const body = await found({ q, limit: 100 });
      expect(body.total, q).toBe(toyotas);
      expect(body.facets.make, q).toEqual([{ make: 'Toyota', count: toyotas }]);
      for (const item of body.items) expect(item.model).toBe('Camry');
    }
    expect((await found({ q: 'hundai elantra' })).total).toBe(
      count(published, (row) => row.make === 'Hyundai'),
    );
    expect((await found({ q: 'toyta', cert: 'premium' })).total).toBe(
      count(published, (row) => row.make === 'Toyota' && row.condition === premium),
    );
    expect((await found({ q: 'xyzzy' })).total).toBe(0);
  });

  it('finds a VIN by its start, by its serial from 5 characters, and a model year', async () => {
    const target = published[7]!;
    for (const q of [
      'JTDKB20U',
      'jtdkb',
      target.vin,
      target.vin.slice(-6),
      target.vin.slice(-8).toLowerCase(),
    ]) {
      const body = await found({ q });
      expect(
        body.items.map((item) => item.id),
        q,
      ).toEqual([target.id]);
    }
    // Shorter words match the start of a VIN only, not its middle.
    expect((await found({ q: target.vin.slice(3, 7) })).items.map((item) => item.id)).not.toContain(
      target.id,
    );
    const year = await found({ q: '2014', limit: 100 });
    expect(year.total).toBe(count(published, (row) => row.year === 2014));
    for (const item of year.items) expect(item.year).toBe(2014);
    expect((await found({ q: 'f-150 2014' })).total).toBe(
      count(published, (row) => row.model === 'F-150' && row.year === 2014),
    );
    // A word with a letter no VIN holds (I, O, Q) is never looked for in VINs; the others are.
    for (const word of ['toyota', 'nisan', 'f-150', 'Qx5', 'civic']) expect(vinMatch(word), word).toBeNull();
    for (const word of ['jtd', 'JTDKB', target.vin.slice(-6).toLowerCase(), '2014'])
      expect(vinMatch(word), word).not.toBeNull();
  });

  it('reads LIKE wildcards and control characters as plain text, and refuses a NUL', async () => {
    expect((await found({ q: '%' })).total).toBe(0);
    expect((await found({ q: '_' })).total).toBe(0);
    expect((await found({ q: 'camry\u0001\tle' })).total).toBe(
      count(published, (row) => row.model === 'Camry' && row.trim === 'LE'),
    );
    // A NUL is no text at all: refused by name, as in every field of every request (issue #43).
    const nul = await search({ q: 'camry\u0000le' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe('q: contains a character that is not allowed');
    expect((await found({ q: '' })).total).toBe(250);
  });

  it('never shows a queued, pending, sold or removed vehicle, to anyone', async () => {
    const hiddenIds = hidden.map((row) => row.id);
    const admin = await signInAdmin(ctx.app);
    for (const params of [
      {},
      { q: 'camry' },
      { q: 'jtdkb20u' },
      { sort: 'price-asc' },
      { grade: '5' },
      { make: 'toyota', model: 'camry', yearMin: '2030', priceMax: '200', maxMiles: '10' },
      { within: '50', zip: '75201', sort: 'mileage-asc' },
    ] as Record<string, string>[]) {
      for (const cookie of [undefined, admin]) {
        const res = await search({ ...params, limit: 100 }, cookie);
        const ids = (res.json() as VehicleSearchResult).items.map((item) => item.id);
        for (const id of hiddenIds) expect(ids).not.toContain(id);
      }
    }
  });
});

describe('GET /api/vehicles/search: refused requests', () => {
  const forged = (json: unknown) => Buffer.from(JSON.stringify(json)).toString('base64url');

  it.each([
    [{ cursor: 'not a cursor!' }, SEARCH_TEXT.cursor],
    [{ cursor: 'eyJhIjox' }, SEARCH_TEXT.cursor],
    [{ cursor: forged({ s: 'newest' }) }, SEARCH_TEXT.cursor],
    [{ cursor: forged({ s: 'newest', k: "2020'); drop table vehicles; --", t: 5 }) }, SEARCH_TEXT.cursor],
    [{ cursor: forged({ s: 'price-asc', k: 9000, t: 5 }), sort: 'price-asc' }, SEARCH_TEXT.cursor],
    [{ cursor: forged({ s: 'price-asc', k: '1e400', t: 5 }), sort: 'price-asc' }, SEARCH_TEXT.cursor],
    [{ cursor: forged({ s: 'newest', k: 2020, t: 2 ** 40 }) }, SEARCH_TEXT.cursor],
    [{ cursor: forged([1, 2, 3]) }, SEARCH_TEXT.cursor],
    [{ cursor: forged(null) }, SEARCH_TEXT.cursor],
    [{ cursor: 'x'.repeat(500) }, SEARCH_TEXT.cursor],
    [
      { cursor: forged({ s: 'price-asc', k: '9000.00', t: -5 }), sort: 'newest' },
      SEARCH_TEXT.cursorOtherSort,
    ],
    [{ limit: 0 }, SEARCH_TEXT.limit],
    [{ limit: 101 }, SEARCH_TEXT.limit],
    [{ limit: 'ten' }, SEARCH_TEXT.limit],
    [{ limit: '2.5' }, SEARCH_TEXT.limit],
    [{ sort: 'oldest' }, SEARCH_TEXT.sort],
    [{ cert: 'gold' }, SEARCH_TEXT.cert],
    [{ grade: '6' }, SEARCH_TEXT.grade],
    [{ grade: '4.25' }, SEARCH_TEXT.grade],
    [{ q: 'x'.repeat(101) }, SEARCH_TEXT.q],
    [{ make: 'x'.repeat(61) }, SEARCH_TEXT.make],
    [{ model: 'x'.repeat(61) }, SEARCH_TEXT.model],
    [{ yearMin: '1850' }, SEARCH_TEXT.number('yearMin')],
    [{ yearMax: '20x5' }, SEARCH_TEXT.number('yearMax')],
    [{ priceMin: '-5' }, SEARCH_TEXT.number('priceMin')],
    [{ priceMax: '9999.99' }, SEARCH_TEXT.number('priceMax')],
    [{ maxMiles: 'lots' }, SEARCH_TEXT.number('maxMiles')],
    [{ within: '0' }, SEARCH_TEXT.number('within')],
    [{ within: '5000', zip: '75201' }, SEARCH_TEXT.number('within')],
    [{ yearMin: '2020', yearMax: '2015' }, SEARCH_TEXT.years],
    [{ priceMin: '20000', priceMax: '10,000' }, SEARCH_TEXT.prices],
    [{ within: '100', zip: '7520' }, SEARCH_TEXT.zip],
    [{ within: '100', zip: '00000' }, DELIVERY_TEXT.zipUnknown('00000')],
    [{ within: '100', zip: '96813' }, DELIVERY_TEXT.zipNotContiguous],
    [{ within: '100' }, SEARCH_TEXT.withinNeedsZip],
  ])('%j → 400', async (params, message) => {
    const res = await search(params);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'BAD_REQUEST' });
  });

  it('accepts the cursor it gave, for the sort it gave it', async () => {
    const first = await found({ sort: 'price-asc', limit: 3 });
    const next = await found({ sort: 'price-asc', limit: 3, cursor: first.nextCursor! });
    expect(next.items.map((item) => item.id)).toEqual(
      sorted(published, 'price-asc')
        .slice(3, 6)
        .map((row) => row.id),
    );
  });
});
