import { type Endpoint, endpointTable } from '@contracts/endpoints';
import spectralCore from '@stoplight/spectral-core';
import Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { beforeAll, describe, expect, it } from 'vitest';
import { withApp } from '../../test/with-app';

type Operation = { operationId?: string; summary?: string; tags?: string[]; description?: string };
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>> };

const ctx = withApp({ signIn: ['admin'] });
let doc: OpenApiDocument;
let body: string;
beforeAll(async () => {
  const res = await ctx.app.inject({ url: '/api/openapi.json', headers: { cookie: ctx.admin } });
  body = res.body;
  doc = res.json();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );

describe('API documentation', () => {
  it('documents every endpoint of the table, for admins only, each named by the table', async () => {
    expect((await ctx.app.inject('/api/openapi.json')).statusCode).toBe(401);
    expect(doc.openapi).toMatch(/^3\./);
    const byId = new Map(operations().map((o) => [o.op.operationId, o]));
    const table: Record<string, Endpoint> = endpointTable('Test Certified');
    for (const [name, route] of Object.entries(table)) {
      const documented = byId.get(name);
      expect(documented, name).toBeDefined();
      expect(documented!.method).toBe(route.method);
      expect(documented!.path).toBe(route.path.replace(/:([A-Za-z]+)/g, '{$1}'));
      expect(documented!.op.summary).toBe(route.summary);
      expect(documented!.op.tags).toEqual([route.tag]);
      expect(documented!.op.description).toBe(`Who may call it: ${route.access}.`);
    }
    // Only the table's operations: no tus uploads, media files, pages or wildcards.
    expect(operations().length).toBe(Object.keys(table).length);
    expect(operations().filter((o) => o.path.includes('*') || !o.path.startsWith('/api/'))).toEqual([]);

    const page = await ctx.app.inject({ url: '/api/docs', headers: { cookie: ctx.admin } });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<code>/api/verify-code</code>');
    expect(page.body).toContain('Buy Now with a buy code (<code>verifyCode</code>)</td><td>public</td>');
  });

  it('passes Spectral’s OpenAPI ruleset with no error and no warning (client generators can use it)', async () => {
    const spectral = new spectralCore.Spectral();
    spectral.setRuleset({ extends: [[oas, 'recommended']] } as never);
    const results = await spectral.run(new spectralCore.Document(body, Parsers.Json, 'openapi.json'));
    // Severity 0 is an error, 1 a warning; information and hints are not findings.
    const findings = results
      .filter((r) => r.severity <= 1)
      .map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`);
    expect(findings).toEqual([]);
  });
});
