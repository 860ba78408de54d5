import { z } from 'zod';

/**
 * zod for every shared schema. In a browser it runs jitless: otherwise building an object schema
 * probes `new Function`, which our CSP (`script-src 'self'`) refuses and Chromium reports as a
 * violation. The server keeps zod's compiled fast path. Schemas read this setting when they are
 * built, so every module that defines one imports z from here (Biome enforces it for contracts/
 * and web/).
 */
z.config({ jitless: 'document' in globalThis });

export { z };
