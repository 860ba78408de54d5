import { DEFAULT_SALE_TERMS } from '@contracts/after-sale';
import { businessDaysBetween } from '@contracts/business-days';
import { defaultGuaranteeTerms, GUARANTEE_TEXT } from '@contracts/guarantee';
import { describe, expect, it } from 'vitest';
import { clockIsSettled, type GuaranteeClockFacts, guaranteeClockOf } from './guarantee-clock';

/** The guarantee clock (docs/decisions/0040-guarantee-clock.md), a pure function: business days, holidays, the pause. */

const premium = defaultGuaranteeTerms('Acme Certified').premium;
const terms = { ...DEFAULT_SALE_TERMS, guaranteeDays: premium.days, guarantee: premium };
const clock = (facts: Partial<GuaranteeClockFacts>) =>
  guaranteeClockOf({
    terms,
    cancelled: false,
    handedOverOn: null,
    transport: null,
    today: '2026-11-20',
    ...facts,
  });

describe('guaranteeClockOf', () => {
  it('counts 7 business days from a pickup across a weekend', () => {
    // Picked up Friday, Nov 6, 2026: Mon 9, Tue 10, (Wed 11 Veterans Day), Thu 12, Fri 13, Mon 16, Tue 17, Wed 18.
    const c = clock({ handedOverOn: '2026-11-06', today: '2026-11-06' });
    expect(c).toMatchObject({
      state: 'running',
      startsOn: '2026-11-06',
      endsOn: '2026-11-18',
      pausedDays: 0,
    });
    expect(c.daysLeft).toBe(7);
    expect(c.text).toBe('Guarantee: 7 business days left (until Nov 18, 2026)');
    // The weekend counts nothing: Saturday and the Monday after leave the same and one fewer.
    expect(clock({ handedOverOn: '2026-11-06', today: '2026-11-07' }).daysLeft).toBe(7);
    expect(clock({ handedOverOn: '2026-11-06', today: '2026-11-09' }).daysLeft).toBe(6);
  });

  it('skips holidays: Veterans Day above, Thanksgiving here', () => {
    // Delivered Monday, Nov 23, 2026: Tue 24, Wed 25, (Thu 26 Thanksgiving), Fri 27, Mon 30, Tue Dec 1, Wed 2, Thu 3.
    const c = clock({ handedOverOn: '2026-11-23', today: '2026-11-25' });
    expect(c.endsOn).toBe('2026-12-03');
    expect(c.daysLeft).toBe(businessDaysBetween('2026-11-25', '2026-12-03'));
    expect(c.daysLeft).toBe(5);
  });

  it('runs through its last day, then closes', () => {
    expect(clock({ handedOverOn: '2026-11-06', today: '2026-11-18' })).toMatchObject({
      state: 'running',
      daysLeft: 0,
      text: 'Guarantee: last day today (Nov 18, 2026)',
    });
    expect(clock({ handedOverOn: '2026-11-06', today: '2026-11-19' })).toMatchObject({
      state: 'closed',
      daysLeft: 0,
      text: 'Guarantee ended Nov 18, 2026',
    });
  });

  it('waits for the handover: not started, or paused while our carrier is past its promised day', () => {
    expect(clock({ today: '2026-11-20' })).toMatchObject({
      state: 'not_started',
      startsOn: null,
      endsOn: null,
      daysLeft: null,
      text: GUARANTEE_TEXT.notStarted,
    });
    const onTime = { promisedOn: '2026-11-20', deliveredOn: null };
    expect(clock({ transport: onTime, today: '2026-11-20' }).state).toBe('not_started');
    // Promised Friday the 20th, still not there on Wednesday the 25th: Mon, Tue, Wed are paused days.
    const late = clock({ transport: onTime, today: '2026-11-25' });
    expect(late).toMatchObject({
      state: 'paused',
      pausedDays: 3,
      endsOn: null,
      text: 'Paused: the carrier is late',
    });
  });

  it('adds the carrier’s late business days to the window once it delivers', () => {
    // Promised Fri Nov 20, delivered Mon Nov 30: Mon 23, Tue 24, Wed 25, Fri 27, Mon 30 late (Thanksgiving skipped).
    const transport = { promisedOn: '2026-11-20', deliveredOn: '2026-11-30' };
    const c = clock({ transport, handedOverOn: '2026-11-30', today: '2026-11-30' });
    expect(c.pausedDays).toBe(5);
    // 7 + 5 business days after Nov 30: Dec 1 … Dec 16.
    expect(c).toMatchObject({ state: 'running', startsOn: '2026-11-30', endsOn: '2026-12-16', daysLeft: 12 });
    expect(c.text).toBe(
      'Guarantee: 12 business days left (until Dec 16, 2026, 5 business days added for the late carrier)',
    );
    // Delivered on or before the promised day: nothing paused; the window counts from the delivery.
    const early = clock({
      transport: { promisedOn: '2026-11-20', deliveredOn: '2026-11-19' },
      handedOverOn: '2026-11-19',
      today: '2026-11-19',
    });
    expect(early).toMatchObject({ pausedDays: 0, endsOn: '2026-12-01' });
  });

  it('pickup and delivery start the same window from their day; a pickup has no carrier to pause it', () => {
    const pickedUp = clock({ handedOverOn: '2026-11-19', today: '2026-11-19' });
    const delivered = clock({
      handedOverOn: '2026-11-19',
      transport: { promisedOn: '2026-11-19', deliveredOn: '2026-11-19' },
      today: '2026-11-19',
    });
    expect(pickedUp).toEqual(delivered);
  });

  it('has no clock for a level sold as is, nor for a cancelled sale; a sale made before levels keeps its days', () => {
    const asIs = { ...terms, guarantee: { ...premium, covered: [] } };
    expect(
      guaranteeClockOf({
        terms: asIs,
        cancelled: false,
        handedOverOn: '2026-11-19',
        transport: null,
        today: '2026-11-19',
      }),
    ).toMatchObject({
      state: 'none',
      endsOn: null,
      text: GUARANTEE_TEXT.asIs,
    });
    expect(clock({ cancelled: true, handedOverOn: '2026-11-19' }).state).toBe('none');
    const legacy = { ...DEFAULT_SALE_TERMS };
    expect(
      guaranteeClockOf({
        terms: legacy,
        cancelled: false,
        handedOverOn: '2026-11-06',
        transport: null,
        today: '2026-11-06',
      }).endsOn,
    ).toBe('2026-11-18');
  });

  it('stays settled as days pass with the same facts, a late transport too (the reminder pass relies on it)', () => {
    const day = (offset: number) =>
      new Date(Date.UTC(2026, 9, 1) + offset * 86_400_000).toISOString().slice(0, 10);
    const cases: Partial<GuaranteeClockFacts>[] = [
      { handedOverOn: '2026-10-02' },
      // Handed over (the dealer's own pickup) while our carrier is late, promised before or after the window's end.
      { handedOverOn: '2026-10-02', transport: { promisedOn: '2026-10-05', deliveredOn: null } },
      { handedOverOn: '2026-10-02', transport: { promisedOn: '2026-10-20', deliveredOn: null } },
      { handedOverOn: '2026-10-02', transport: { promisedOn: '2026-10-06', deliveredOn: '2026-10-09' } },
      { handedOverOn: '2026-10-02', cancelled: true },
    ];
    let seen = 0;
    for (const facts of cases) {
      let settled = false;
      for (let offset = 0; offset < 120; offset++) {
        const c = clock({ ...facts, today: day(offset) });
        if (settled) expect(clockIsSettled(c), `${JSON.stringify(facts)} on ${day(offset)}`).toBe(true);
        settled = clockIsSettled(c);
        if (settled) seen++;
      }
    }
    expect(seen).toBeGreaterThan(300);
    // Running and waiting clocks are not settled.
    expect(clockIsSettled(clock({ handedOverOn: '2026-11-18', today: '2026-11-18' }))).toBe(false);
    expect(clockIsSettled(clock({}))).toBe(false);
  });
});
