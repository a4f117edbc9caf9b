import { z } from 'zod';

/**
 * zod 4 compiles object parsers with `new Function` unless told not to; the server's
 * Content-Security-Policy has no 'unsafe-eval', so the browser would refuse it and report a
 * violation. Imported first in main.tsx, before any schema parses.
 */
z.config({ jitless: true });
