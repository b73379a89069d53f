import { Link } from 'wouter';
import { Zap } from 'lucide-react';
import { siteConfig } from '../lib/site-config';
import { clsx } from 'clsx';

/** The brand mark linking home; `tone` picks colours for light (header) or dark (footer) backgrounds. */
export function Logo({ tone = 'light', onNavigate }: { tone?: 'light' | 'dark'; onNavigate?: () => void }) {
  return (
    <Link
      href="/"
      onClick={onNavigate}
      className="group inline-flex items-center gap-2.5 rounded-lg focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-blue-600"
    >
      <span className="grid size-10 -rotate-3 place-items-center rounded-lg border-2 border-slate-950 bg-amber-400 shadow-[3px_3px_0_0_#0f172a] transition-transform group-hover:rotate-0">
        <Zap className="size-5 fill-red-600 text-slate-950" aria-hidden="true" />
      </span>
      <span
        className={clsx(
          'font-display text-2xl tracking-wide uppercase',
          tone === 'light' ? 'text-slate-950' : 'text-white',
        )}
      >
        {siteConfig.businessName}
      </span>
    </Link>
  );
}
