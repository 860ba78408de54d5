import { z } from '@contracts/zod';

export { zodResolver } from '@hookform/resolvers/zod';
/** zod for browser code: the shared, CSP-safe (jitless) configuration of contracts/zod.ts. */
export { z };
