import { describe, expect, it } from 'vitest';
import { insertDealer } from '../../../test/factories';
import { walkPages } from '../../../test/helpers';
import { withApp } from '../../../test/with-app';

/** The admin's Dealers list paged by the server (issue #47): orders with ties, status, search, counts, 400s. */

const ctx = withApp({ signIn: ['admin', 'staff'] });
const get = (url: string) => ctx.call('GET', url);
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

interface Row {
  id: number;
  dealerName: string;
  active: boolean;
  createdAt: string;
}

let worlds = 0;
/** Seven dealers sharing a tag in their e-mail, made at three instants (ties), two inactive. */
async function world() {
  worlds++;
  const tag = `w${worlds}x`;
  const at = Date.now() - 3_600_000;
  const names = ['delta', 'Alpha', 'charlie', 'bravo', 'Echo', 'golf', 'foxtrot'];
  const made = [];
  for (const [i, name] of names.entries())
    made.push(
      await insertDealer(ctx.db, {
        dealerName: `${name} ${tag}`,
        email: `${name.toLowerCase()}@${tag}.example`,
        phone: i === 3 ? '(555) 777-1234' : '(555) 010-0100',
        address: i === 2 ? '9 Elm St, Joliet, IL 60431' : '1 Main St, Springfield',
        active: i % 3 !== 1,
        createdAt: new Date(at - [0, 0, 60_000, 60_000, 0, 120_000, 60_000][i]!),
      }),
    );
  return { tag, made };
}

describe('GET /api/dealers, paged by the server', () => {
  it('walks every dealer once by name and newest first (ties by id), 1, 3 and 100 a page', async () => {
    const { tag, made } = await world();
    const byName = [...made].sort((a, b) =>
      a.dealerName.toLowerCase().localeCompare(b.dealerName.toLowerCase()),
    );
    const time = (r: { createdAt: Date | string }) => new Date(r.createdAt).getTime();
    const newest = [...made].sort((a, b) => time(b) - time(a) || b.id - a.id);
    for (const limit of [1, 3, 100]) {
      expect(ids(await walkPages<Row>(get, `/api/dealers?q=${tag}`, limit))).toEqual(ids(byName));
      expect(ids(await walkPages<Row>(get, `/api/dealers?q=${tag}&sort=newest`, limit))).toEqual(ids(newest));
    }
  });

  it('filters active or inactive, searches name, e-mail, phone and ZIP, and counts both', async () => {
    const { tag, made } = await world();
    const walk = (query: string) =>
      walkPages<Row>(get, `/api/dealers?q=${query}`, 2).then((r) => ids(r).sort());
    const pick = (keep: (d: (typeof made)[number]) => boolean) => ids(made.filter(keep)).sort();
    expect(await walk(`${tag}&status=active`)).toEqual(pick((d) => d.active));
    expect(await walk(`${tag}&status=inactive`)).toEqual(pick((d) => !d.active));
    expect(await walk(`BRAVO ${tag}`)).toEqual([made[3]!.id]);
    expect(await walk('777-1234')).toContain(made[3]!.id);
    expect(await walk('60431')).toContain(made[2]!.id);
    expect(await walk(`golf@${tag}`)).toEqual([made[5]!.id]);
    // LIKE's wildcards are letters.
    expect(await walk(`${tag}%25`)).toEqual([]);
    const page = (await get(`/api/dealers?q=${tag}&status=inactive&limit=1`)).json();
    expect(page.counts).toEqual({ active: 5, inactive: 2 });
    expect(page.total).toBe(2);
    // One dealer by its id (a selected dealer on another page).
    expect(ids((await get(`/api/dealers?id=${made[4]!.id}`)).json().items)).toEqual([made[4]!.id]);
  });

  it('refuses bad cursors, limits and choices (400) and serves admins only', async () => {
    const { tag } = await world();
    const refused = async (query: string) => {
      const res = await get(`/api/dealers?${query}`);
      expect(res.statusCode, query).toBe(400);
      return res.json().message as string;
    };
    expect(await refused('cursor=garbage!')).toContain('start again from the first page');
    const { nextCursor } = (await get(`/api/dealers?q=${tag}&limit=1`)).json();
    expect(await refused(`cursor=${nextCursor}&sort=newest`)).toContain('another sort order');
    for (const limit of ['0', '101', 'x'])
      expect(await refused(`limit=${limit}`)).toContain('between 1 and 100');
    expect(await refused('status=sleeping')).toBeTruthy();
    expect(await refused('sort=zip')).toBeTruthy();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dealers' })).statusCode).toBe(401);
    expect((await ctx.call('GET', '/api/dealers', undefined, ctx.staff)).statusCode).toBe(403);
  });
});
