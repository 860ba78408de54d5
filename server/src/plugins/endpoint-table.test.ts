import { type ApiRouteName, type Endpoint, endpointTable } from '@contracts/endpoints';
import { describe, expect, it } from 'vitest';
import { withApp } from '../../test/with-app';

const ctx = withApp({ accounts: false });

/**
 * API routes that are not JSON endpoints: the tus upload protocol (videos, and photos whose GET
 * status is a table endpoint) and the API documentation.
 */
const OUTSIDE_THE_TABLE = [
  /^\/api\/uploads(\/:id)?$/,
  /^\/api\/photo-uploads(\/:id)?$/,
  /^\/api\/openapi\.json$/,
  /^\/api\/docs$/,
];

const table = endpointTable('Test Certified');
const names = Object.keys(table) as ApiRouteName[];

describe('the endpoint table', () => {
  it('is what the server registers: every endpoint once, with its method, path and access', () => {
    const registered = ctx.app.routesTable.filter((r) => r.method !== 'HEAD');
    for (const name of names) {
      const { method, path, access } = table[name];
      const matches = registered.filter((r) => r.method === method && r.url === path);
      expect(matches, `${name}: ${method} ${path}`).toHaveLength(1);
      expect(matches[0]!.access, name).toBe(access);
    }
    const inTable = new Set(names.map((n) => `${table[n].method} ${table[n].path}`));
    const strays = registered
      .filter((r) => r.url.startsWith('/api/') && !OUTSIDE_THE_TABLE.some((re) => re.test(r.url)))
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !inTable.has(key));
    expect(strays, 'API routes registered outside contracts/endpoints.ts').toEqual([]);
  });

  it('gives every endpoint its request and response schemas and its line in the documentation', () => {
    for (const name of names) {
      const { method, path } = table[name];
      const route = ctx.app.routesTable.find((r) => r.method === method && r.url === path)!;
      expect(route.schemas, `${name} has a response schema`).toContain('response');
      if (path.includes('/:')) expect(route.schemas, `${name} has a params schema`).toContain('params');
      const entry: Endpoint = table[name];
      // The type requires tag, summary and a response; an empty summary would pass it.
      expect(entry.summary.trim(), `${name} has a summary`).not.toBe('');
      // A write takes a JSON body schema unless it is multipart or carries nothing (sign-outs, sync).
      if (method === 'PATCH') expect(route.schemas, `${name} has a body schema`).toContain('body');
      if (entry.body) expect(route.schemas, name).toContain('body');
      if (entry.query) expect(route.schemas, name).toContain('querystring');
      const codes = Object.keys(entry.response).map(Number);
      expect(
        codes.some((c) => c >= 200 && c < 300),
        `${name} documents its success`,
      ).toBe(true);
    }
  });
});
