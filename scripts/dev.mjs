// `npm run dev`: the API server with restart on change (tsx watch) and the Vite dev server with hot reload,
// which proxies /api to the API server. Open the Vite URL it prints (http://localhost:5173).
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    // The browser talks to Vite, so sign-in redirects and the CSRF origin check must use Vite's origin.
    env: {
      NODE_ENV: 'development',
      PUBLIC_URL: `http://localhost:${process.env.VITE_PORT ?? 5173}`,
      ...process.env,
    },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: process.env }),
];

const stop = (code = 0) => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
