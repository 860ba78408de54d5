import { describe, expect, it } from 'vitest';
import { withApp } from '../../test/with-app';

const ctx = withApp({ signIn: ['admin'] });

describe('API documentation', () => {
  it('lists every API route with its guard, for admins only', async () => {
    expect((await ctx.app.inject('/api/openapi.json')).statusCode).toBe(401);
    const doc = (
      await ctx.app.inject({ url: '/api/openapi.json', headers: { cookie: ctx.admin } })
    ).json() as {
      openapi: string;
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    const apiRoutes = ctx.app.routesTable.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        !['HEAD', 'OPTIONS'].includes(r.method) &&
        !r.url.startsWith('/api/openapi') &&
        r.url !== '/api/docs',
    );
    for (const route of apiRoutes) {
      const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
      expect(documented, `${route.method} ${route.url}`).toContain(`${route.method} ${path}`);
    }
    expect(doc.paths['/api/verify-code']?.post?.tags).toEqual(['access: public']);
    expect(doc.paths['/api/dealers']?.post?.tags).toEqual(['access: admin']);
    const page = await ctx.app.inject({ url: '/api/docs', headers: { cookie: ctx.admin } });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<code>/api/verify-code</code>');
  });
});
