// What the client gets for `import ... from 'zod'` (alias in vite.config.ts): zod, configured first.
import './jitless';

export * from 'zod/v4';
