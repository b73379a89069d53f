import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { Toaster } from '../ui/toaster';
import { AppRoutes } from './routes';
import { ScrollManager } from './scroll-manager';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The application: server-state provider, shared chrome around the routed page, and the toaster. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
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
      <Toaster />
    </QueryClientProvider>
  );
}
