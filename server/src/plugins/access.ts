import { ACCESS_LEVELS, type Access } from '@contracts/endpoints';
import type { FastifyInstance } from 'fastify';

/** Who may call a route (docs/design.md §2): the levels live with the endpoint table in contracts. */
export { ACCESS_LEVELS, type Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * Success can change what the public vehicle list shows (a vehicle's fields or status), so the
     * response drops this instance's list cache first (app.ts). Declared beside `access`.
     */
    changesVehicles?: boolean;
    /** Exempt from the cross-site check: the route's authority is a signed token, never a cookie. */
    crossSiteAllowed?: boolean;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access;
  changesVehicles: boolean;
  /** Which schemas the route declares (params, querystring, body, response). */
  schemas: string[];
}

/**
 * Makes an undeclared route a start-up error, and records every route with its access level so
 * tests can enumerate them (the authorization matrix).
 */
export function registerAccessDeclarations(app: FastifyInstance, routes: RegisteredRoute[]) {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!access || !ACCESS_LEVELS.includes(access)) {
      throw new Error(`Route ${methods.join(',')} ${route.url} does not declare config.access`);
    }
    const changesVehicles = route.config?.changesVehicles === true;
    const declared = (route.schema ?? {}) as Record<string, unknown>;
    const schemas = ['params', 'querystring', 'body', 'response'].filter(
      (key) => declared[key] !== undefined,
    );
    for (const method of methods) routes.push({ method, url: route.url, access, changesVehicles, schemas });
    // The OpenAPI document holds the endpoint table's operations only (each with its operationId,
    // summary, group and guard); tus uploads, media files and pages are not JSON operations.
    const operationId = (route.schema as { operationId?: string } | undefined)?.operationId;
    if (!operationId) route.schema = { ...route.schema, hide: true } as typeof route.schema;
  });
}
