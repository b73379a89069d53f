import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const hydrating = root.dataset.prerendered === 'true';
// While hydrating, the router reads the path the page was prerendered for, not the address bar:
// hydration in a transition yields between slices, and a click on the already hydrated header
// (the logo, a nav link) changes the address bar in between. The slices after it then rendered
// the next page over the prerendered one's HTML (React error 418, a page error, on a busy machine
// in e2e/public.spec.ts). Once hydrated, React renders the address bar's path (wouter's location
// store is a useSyncExternalStore; its server snapshot serves hydration only).
const app = (
  <StrictMode>
    <App {...(hydrating ? { ssrPath: window.location.pathname + window.location.search } : {})} />
  </StrictMode>
);
// The server prerenders the public pages (entry-server.tsx) and marks them: adopt that HTML instead
// of painting the page again. Every other page arrives empty and is rendered here.
// Inside a transition React renders in slices of a few milliseconds and yields between them, so the
// first render (hydrating the header, then the lazily loaded page) never blocks input for long: as a
// default-priority update it ran as one long task per step (Lighthouse's Total Blocking Time on /sell).
startTransition(() => {
  if (hydrating) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
