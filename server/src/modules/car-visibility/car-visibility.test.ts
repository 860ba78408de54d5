import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  insertBuyCodeRow,
  insertDealer,
  insertMember,
  insertVehicle,
  MEMBER_PASSWORD,
} from '../../../test/factories';
import { buyNow, nextAddress, nextCode } from '../../../test/helpers';
import { signIn, signInMember } from '../../../test/sessions';
import { uploadPhoto, uploadVideo } from '../../../test/tus-uploads';
import { withApp } from '../../../test/with-app';
import { buyOrderMatches } from '../../db/schema';
import { IMMUTABLE, PRIVATE_MEDIA } from '../../lib/uploads/send-media';
import {
  type CarSight,
  carSight,
  carSightSql,
  readCarFacts,
  staffMayEdit,
  staffMayEditSql,
  type Who,
  type WhoSql,
} from './car-visibility';

/**
 * The one visibility rule (issue #44, docs/decisions/0034-one-visibility-rule.md), through real
 * HTTP on a real database: for each car state × identity, every route that tells of a car answers
 * what the rule allows, and a car one may not see answers byte for byte as an id that does not
 * exist (status, body, headers but the request's id and date). The rule is written out below as a
 * table; the function and its SQL twin must both say it.
 */
const ctx = withApp({ signIn: ['admin', 'staff'] });

const STATES = [
  'published',
  'held',
  'queued',
  'sold',
  'soldFromHold',
  'removed',
  'removedFromQueue',
] as const;
type State = (typeof STATES)[number];
const IDENTITIES = [
  'admin',
  'staff',
  'anonymous',
  'holderMember',
  'holderCode',
  'outsiderCode',
  'outsiderMember',
] as const;
type Identity = (typeof IDENTITIES)[number];

/**
 * What each identity may learn, by state, in IDENTITIES' order. The holder's dealership has a team
 * (a member signed in by e-mail, the same member by dealer name + code) and an order the held cars
 * matched; the outsiders: a dealership without a team (name + code, it bought `sold`) and a team's
 * member. `soldFromHold` was held and bought by the holder, never published; `removedFromQueue`
 * was removed before it was ever published.
 */
const RULE: Record<State, readonly CarSight[]> = {
  published: ['all', 'listing', 'listing', 'listing', 'listing', 'listing', 'listing'],
  held: ['all', 'none', 'none', 'first-look', 'first-look', 'none', 'none'],
  queued: ['all', 'none', 'none', 'none', 'none', 'none', 'none'],
  sold: ['all', 'past', 'past', 'past', 'past', 'past', 'past'],
  soldFromHold: ['all', 'status', 'status', 'past', 'past', 'status', 'status'],
  removed: ['all', 'past', 'past', 'past', 'past', 'past', 'past'],
  removedFromQueue: ['all', 'status', 'status', 'status', 'status', 'status', 'status'],
};
const expected = (state: State, identity: Identity) => RULE[state][IDENTITIES.indexOf(identity)]!;

interface Car {
  id: number;
  vin: string;
  photo: string;
  video: string;
}
const cars = {} as Record<State, Car>;
let unknown: Car;
const cookies = {} as Record<Identity, string | undefined>;
const whos = {} as Record<Identity, Who>;

const jpeg = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#468' } })
    .jpeg()
    .toBuffer();

/** A dealership with a team: its owner, who holds the dealership's code. */
async function teamDealership() {
  const dealer = await insertDealer(ctx.db);
  const owner = await insertMember(ctx.db, { dealerId: dealer.id, role: 'owner' });
  const code = nextCode();
  await insertBuyCodeRow(ctx.db, { dealerId: dealer.id, code, dealerUserId: owner.id });
  return { dealer, owner, code };
}

const signInByCode = (dealerName: string, buyCode: string) =>
  signIn(ctx.app, 'dealer', { dealerName, buyCode }, nextAddress());

/** A car with a listing photo and a walkaround video; queued unless `listed`. */
async function carWithMedia(listed: boolean): Promise<Car> {
  const video = await uploadVideo(ctx.app, ctx.staff);
  const row = await insertVehicle(ctx.db, {
    make: 'Subaru',
    model: 'Crosstrek',
    year: 2020,
    videos: [video],
    ...(listed ? {} : { status: 'pending', inQueue: true, price: null, mileage: null, condition: null }),
  });
  const photoId = await uploadPhoto(ctx.app, ctx.admin, await jpeg());
  const attached = await ctx.call('POST', `/api/vehicles/${row.id}/photos`, {
    photos: [{ id: photoId, kind: 'extra' }],
  });
  expect(attached.statusCode, attached.body).toBe(200);
  const page = (await ctx.call('GET', `/api/vehicles/${row.id}`)).json();
  return { id: row.id, vin: row.vin, photo: page.photos[0].src as string, video };
}

const completeWithHold = async (id: number) => {
  const res = await ctx.call('PATCH', `/api/vehicles/${id}`, {
    action: 'complete',
    status: 'active',
    inQueue: false,
    price: '24500',
    mileage: 31000,
    condition: 'Auction Certified',
    firstLookMinutes: 120,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ inQueue: true });
};
const remove = async (id: number) =>
  expect(
    (await ctx.call('PATCH', `/api/vehicles/${id}`, { status: 'removed', inQueue: false })).statusCode,
  ).toBe(200);

beforeAll(async () => {
  const holder = await teamDealership();
  const outsider = await insertDealer(ctx.db);
  const outsiderCode = nextCode();
  await insertBuyCodeRow(ctx.db, { dealerId: outsider.id, code: outsiderCode });
  const otherTeam = await teamDealership();

  cookies.admin = ctx.admin;
  cookies.staff = ctx.staff;
  cookies.anonymous = undefined;
  cookies.holderMember = await signInMember(ctx.app, holder.owner.email, MEMBER_PASSWORD, nextAddress());
  cookies.holderCode = await signInByCode(holder.dealer.dealerName, holder.code);
  cookies.outsiderCode = await signInByCode(outsider.dealerName, outsiderCode);
  cookies.outsiderMember = await signInMember(ctx.app, otherTeam.owner.email, MEMBER_PASSWORD, nextAddress());
  Object.assign(whos, {
    admin: { type: 'admin', id: 1 },
    staff: { type: 'staff', id: null },
    anonymous: { type: 'public', id: null },
    holderMember: { type: 'dealer', id: holder.dealer.id },
    holderCode: { type: 'dealer', id: holder.dealer.id },
    outsiderCode: { type: 'dealer', id: outsider.id },
    outsiderMember: { type: 'dealer', id: otherTeam.dealer.id },
  } satisfies Record<Identity, Who>);

  // The holder's order, which the held cars match when completed with a hold.
  const order = await ctx.call(
    'POST',
    '/api/dealer/buy-orders',
    {
      targets: [{ make: 'Subaru', model: 'Crosstrek' }],
      yearMin: 2019,
      yearMax: 2021,
      maxPrice: '30000',
      certification: 'all',
      quantity: 2,
      neededBy: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      deliveryZip: '30301',
    },
    cookies.holderMember,
  );
  expect(order.statusCode, order.body).toBe(201);

  for (const state of STATES) {
    cars[state] = await carWithMedia(state === 'published' || state === 'sold' || state === 'removed');
  }
  await completeWithHold(cars.held.id);
  await completeWithHold(cars.soldFromHold.id);
  expect((await buyNow(ctx.app, outsiderCode, cars.sold.id)).statusCode).toBe(200);
  expect((await buyNow(ctx.app, holder.code, cars.soldFromHold.id)).statusCode).toBe(200);
  await remove(cars.removed.id);
  await remove(cars.removedFromQueue.id);

  const hex = () => randomBytes(16).toString('hex');
  unknown = {
    id: cars.removedFromQueue.id + 1000,
    vin: 'none',
    photo: cars.published.photo.replace(/\/media\/photos\/[a-f0-9]{32}\//, `/media/photos/${hex()}/`),
    video: `/media/uploads/${hex()}.mp4`,
  };
}, 120_000);

// --- The function and its SQL twin --------------------------------------------------------------

describe('carSight and carSightSql', () => {
  it('say the rule for every state × identity, and nothing of an id that does not exist', async () => {
    const facts = await readCarFacts(
      ctx.db,
      STATES.map((state) => cars[state].id),
    );
    const inSql = async (who: WhoSql, id: number) => {
      const result = (await ctx.db.execute(
        sql`select ${carSightSql(who, 'v')} as sight from vehicles v where v.id = ${id}`,
      )) as unknown as { rows: { sight: string }[] };
      return result.rows[0]?.sight ?? 'none';
    };
    for (const state of STATES)
      for (const identity of IDENTITIES) {
        const who = whos[identity];
        const car = cars[state].id;
        const label = `${state} × ${identity}`;
        expect(carSight(who, facts.get(car)), label).toBe(expected(state, identity));
        expect(await inSql(who, car), `${label} (SQL)`).toBe(expected(state, identity));
        // A recipient's dealership as an expression (a message's per-row recipient).
        if (who.type === 'dealer')
          expect(
            await inSql({ type: 'dealer', id: sql`${who.id}::int` }, car),
            `${label} (SQL expression)`,
          ).toBe(expected(state, identity));
      }
    for (const identity of IDENTITIES) expect(carSight(whos[identity], undefined)).toBe('none');
  });

  it('staffMayEdit and staffMayEditSql agree on every state', async () => {
    const facts = await readCarFacts(
      ctx.db,
      STATES.map((state) => cars[state].id),
    );
    for (const state of STATES) {
      const id = cars[state].id;
      const result = (await ctx.db.execute(
        sql`select ${staffMayEditSql('v')} as may from vehicles v where v.id = ${id}`,
      )) as unknown as { rows: { may: boolean }[] };
      expect(result.rows[0]?.may, state).toBe(staffMayEdit(facts.get(id)!));
    }
    expect(staffMayEdit(facts.get(cars.queued.id)!)).toBe(true);
  });
});

// --- Every car route ----------------------------------------------------------------------------

/** An answer as compared: status, body and headers, without the request's own id and date. */
const answerOf = (res: LightMyRequestResponse) => {
  const { 'x-request-id': _id, date: _date, ...headers } = res.headers;
  return { status: res.statusCode, body: res.body, headers };
};

const request = (
  method: 'GET' | 'POST',
  url: string,
  identity: Identity,
  payload?: Record<string, unknown>,
) =>
  ctx.app.inject({
    method,
    url,
    headers: cookies[identity] ? { cookie: cookies[identity] } : {},
    ...(payload ? { payload } : {}),
  });

const isDealer = (identity: Identity) => whos[identity].type === 'dealer';
const atLeastPast = (sight: CarSight) => sight !== 'none' && sight !== 'status';

interface CarRoute {
  name: string;
  call: (car: Car, identity: Identity) => Promise<LightMyRequestResponse>;
  /** Whether the route answers this identity about a car of this sight (else: as an unknown id). */
  answers: (sight: CarSight, identity: Identity) => boolean;
  /** The route's normal answer, when it answers. */
  check: (res: LightMyRequestResponse, car: Car, sight: CarSight, state: State) => void;
}

const ROUTES: CarRoute[] = [
  {
    name: 'GET /api/vehicles/:id',
    call: (car, identity) => request('GET', `/api/vehicles/${car.id}`, identity),
    answers: (sight) => sight !== 'none',
    check: (res, car, sight) => {
      expect(res.statusCode).toBe(200);
      const body = res.json();
      if (sight === 'status' || sight === 'past') expect(Object.keys(body).sort()).toEqual(['id', 'status']);
      else expect(body).toMatchObject({ id: car.id, vin: car.vin });
      expect('firstLookUntil' in body).toBe(sight === 'first-look' || sight === 'all');
      expect('inQueue' in body).toBe(sight === 'all');
    },
  },
  {
    name: 'GET /api/vehicles/:id/guide',
    call: (car, identity) => request('GET', `/api/vehicles/${car.id}/guide`, identity),
    answers: (sight, identity) => (identity === 'admin' || isDealer(identity)) && atLeastPast(sight),
    check: (res, car) => {
      expect(res.statusCode).toBe(200);
      expect(res.json().summary.vehicleId).toBe(car.id);
    },
  },
  {
    name: 'GET /api/guides?ids=',
    call: (car, identity) => request('GET', `/api/guides?ids=${car.id}`, identity),
    answers: (sight, identity) => (identity === 'admin' || isDealer(identity)) && atLeastPast(sight),
    check: (res, car) => {
      expect(res.statusCode).toBe(200);
      expect(res.json().map((g: { vehicleId: number }) => g.vehicleId)).toEqual([car.id]);
    },
  },
  {
    name: 'POST /api/transport/quote',
    call: (car, identity) =>
      request('POST', '/api/transport/quote', identity, { vehicleId: car.id, toZip: '30301' }),
    answers: (sight, identity) => isDealer(identity) && sight !== 'none',
    check: (res, _car, sight) => {
      if (sight === 'listing' || sight === 'first-look') {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ toZip: '30301' });
      } else expect(res.statusCode).toBe(409);
    },
  },
  {
    name: 'GET /media/photos/:key/:name',
    call: (car, identity) => request('GET', car.photo, identity),
    answers: atLeastPast,
    check: (res, _car, _sight, state) => {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe(
        atLeastPast(expected(state, 'anonymous')) ? IMMUTABLE : PRIVATE_MEDIA,
      );
    },
  },
  {
    name: 'GET /media/uploads/:name',
    call: (car, identity) => request('GET', car.video, identity),
    answers: atLeastPast,
    check: (res, _car, _sight, state) => {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.headers['cache-control']).toBe(
        atLeastPast(expected(state, 'anonymous')) ? IMMUTABLE : PRIVATE_MEDIA,
      );
    },
  },
];

describe('every car route, for every state × identity', () => {
  // Every cell is tried and every wrong one named, so a failure reads as the table's differences.
  for (const route of ROUTES)
    it(route.name, async () => {
      const wrong: string[] = [];
      for (const identity of IDENTITIES) {
        const asUnknown = answerOf(await route.call(unknown, identity));
        for (const state of STATES) {
          const car = cars[state];
          const sight = expected(state, identity);
          const res = await route.call(car, identity);
          const shown = String(res.headers['content-type']).includes('json')
            ? res.body.slice(0, 120)
            : '(a file)';
          const cell = `${state} × ${identity} (${sight}): ${res.statusCode} ${shown}`;
          if (route.answers(sight, identity)) {
            try {
              route.check(res, car, sight, state);
            } catch (error) {
              wrong.push(`${cell} — not the route's answer: ${(error as Error).message.split('\n')[0]}`);
            }
          } else {
            const answer = answerOf(res);
            if (JSON.stringify(answer) !== JSON.stringify(asUnknown))
              wrong.push(
                `${cell} — not as an unknown id (${asUnknown.status} ${asUnknown.body.slice(0, 80)})`,
              );
          }
        }
      }
      expect(wrong).toEqual([]);
    });

  it('GET /api/vehicles and /api/vehicles/search list a car only to whom it is on sale (the admin’s list: every car)', async () => {
    await expect
      .poll(async () => (await request('GET', '/api/vehicles', 'anonymous')).json().map((v: Car) => v.id))
      .not.toContain(cars.removed.id);
    for (const identity of IDENTITIES) {
      const listed: number[] = (await request('GET', '/api/vehicles', identity)).json().map((v: Car) => v.id);
      for (const state of STATES) {
        const sight = expected(state, identity);
        const found: number[] = (await request('GET', `/api/vehicles/search?q=${cars[state].vin}`, identity))
          .json()
          .items.map((v: Car) => v.id);
        const label = `${state} × ${identity} (${sight})`;
        expect(listed.includes(cars[state].id), `list: ${label}`).toBe(
          sight === 'listing' || sight === 'all',
        );
        // Search is the public list for every caller, admins included (ADR 0013).
        expect(found.includes(cars[state].id), `search: ${label}`).toBe(state === 'published');
      }
    }
  });
});

describe('staff edits', () => {
  it('count a held car as published: recon notes only while the car waits in the queue', async () => {
    const recon = (id: number) =>
      ctx.call('PATCH', `/api/vehicles/${id}`, { reconExterior: 'Scuff on the bumper' }, ctx.staff);
    const published = await recon(cars.published.id);
    expect(published.statusCode).toBe(403);
    const held = await recon(cars.held.id);
    expect({ status: held.statusCode, body: held.json() }).toEqual({
      status: published.statusCode,
      body: published.json(),
    });
    expect((await recon(cars.queued.id)).statusCode).toBe(200);
    // An admin still corrects a held car.
    expect(
      (await ctx.call('PATCH', `/api/vehicles/${cars.held.id}`, { reconExterior: 'Fixed' })).statusCode,
    ).toBe(200);
  });
});

describe('messages', () => {
  it('tell a held car only to the dealerships it is held for: a price drop alerts no other order until it is published', async () => {
    const order = await ctx.call(
      'POST',
      '/api/dealer/buy-orders',
      {
        targets: [{ make: 'Subaru', model: 'Crosstrek' }],
        maxPrice: '30000',
        certification: 'all',
        quantity: 1,
        neededBy: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
        deliveryZip: '30301',
      },
      cookies.outsiderMember,
    );
    expect(order.statusCode, order.body).toBe(201);
    const matched = async () =>
      (await ctx.db.select().from(buyOrderMatches).where(eq(buyOrderMatches.orderId, order.json().id))).map(
        (match) => match.vehicleId,
      );
    const { updatedAt } = (await ctx.call('GET', `/api/vehicles/${cars.held.id}`)).json();
    const edited = await ctx.call('PATCH', `/api/vehicles/${cars.held.id}`, {
      action: 'edit',
      expectedUpdatedAt: updatedAt,
      price: '23000',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // (The order matched the cars on sale to everyone when it was placed; never the held one.)
    expect(await matched()).not.toContain(cars.held.id);
    // Published to everyone (the admin releases it): now the outside order hears of it.
    expect((await ctx.call('PATCH', `/api/vehicles/${cars.held.id}`, { action: 'release' })).statusCode).toBe(
      200,
    );
    expect(await matched()).toContain(cars.held.id);
  });
});
