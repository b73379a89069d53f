// Zod without its compiled fast path, set before any schema is defined. Zod 4 probes `new Function` when
// it defines an object schema; the Content-Security-Policy (no 'unsafe-eval') refuses the probe and
// Chromium reports each refusal as an issue (Lighthouse best practices). vite.config.ts points the
// client's `zod` imports at ./classic.ts, which imports this module first, so the setting comes with zod
// itself and a page that uses no schema loads no zod at all. (An import of zod/mini or zod/v4 would
// bypass it: use `zod`.)
import { config } from 'zod/v4/core';

config({ jitless: true });
