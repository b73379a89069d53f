import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The server prerenders the public pages (entry-server.tsx) and marks them: adopt that HTML instead
// of painting the page again. Every other page arrives empty and is rendered here.
// Inside a transition React renders in slices of a few milliseconds and yields between them, so the
// first render (hydrating the header, then the lazily loaded page) never blocks input for long: as a
// default-priority update it ran as one long task per step (Lighthouse's Total Blocking Time on /sell).
startTransition(() => {
  if (root.dataset.prerendered === 'true') hydrateRoot(root, app);
  else createRoot(root).render(app);
});
