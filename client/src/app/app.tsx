import { Router } from 'wouter';
import { ToasterOnDemand } from '../ui/toaster-on-demand';
import { AppRoutes } from './routes';
import { ScrollManager } from './scroll-manager';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * The application: shared chrome around the routed page, and the toaster. `ssrPath` is the page the
 * server prerenders (entry-server.tsx), and in the browser the page being hydrated (main.tsx);
 * otherwise the router reads the address bar. The Router is there in both, so the prerendered tree
 * and the hydrated one have the same shape.
 */
export function App({ ssrPath }: { ssrPath?: string }) {
  return (
    <Router {...(ssrPath === undefined ? {} : { ssrPath })}>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-slate-950 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <div className="flex min-h-screen flex-col">
        <SiteHeader />
        {/* tabIndex -1: the scroll manager moves focus here after client-side navigation. */}
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          <AppRoutes />
        </main>
        <SiteFooter />
      </div>
      <ScrollManager />
      <ToasterOnDemand />
    </Router>
  );
}
