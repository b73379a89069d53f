import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Mail } from 'lucide-react';
import { siteConfig } from '../lib/site-config';
import { HashLink } from './hash-link';
import { Logo } from './logo';

const linkClass =
  'rounded text-slate-300 underline-offset-4 hover:text-white hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400';

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-bold tracking-wider text-amber-400 uppercase">{title}</h2>
      <ul className="mt-4 grid gap-3 text-sm">{children}</ul>
    </div>
  );
}

/** The site footer: brand, Services and Support links, contact email, legal links and copyright. */
export function SiteFooter() {
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="col-span-2">
          <Logo tone="dark" />
          <p className="mt-4 max-w-sm text-sm leading-relaxed">
            The easiest way to sell your graded comics to a dealer who knows their worth. Upload photos, get
            cash and store-credit offers fast, and get paid.
          </p>
        </div>
        <FooterColumn title="Services">
          <li>
            <Link href="/sell" className={linkClass}>
              Sell Comics
            </Link>
          </li>
        </FooterColumn>
        <FooterColumn title="Support">
          <li>
            <Link href="/learn-more" className={linkClass}>
              Learn More
              {/* Says where the link goes, for screen readers and search engines ('Learn More' alone does not). */}
              <span className="sr-only"> about how selling works</span>
            </Link>
          </li>
          <li>
            <HashLink href="/learn-more#faq" className={linkClass}>
              FAQ
            </HashLink>
          </li>
          <li>
            <a
              href={`mailto:${siteConfig.contactEmail}`}
              className={`${linkClass} inline-flex items-center gap-2 break-all`}
            >
              <Mail className="size-4 shrink-0" aria-hidden="true" />
              {siteConfig.contactEmail}
            </a>
          </li>
        </FooterColumn>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm sm:px-6 md:flex-row md:items-center md:justify-between">
          <p>{`© ${siteConfig.copyrightYear} ${siteConfig.businessName}. All rights reserved.`}</p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              <li>
                <Link href="/privacy-policy" className={linkClass}>
                  Privacy Policy
                </Link>
              </li>
              <li>
                <Link href="/terms-of-service" className={linkClass}>
                  Terms of Service
                </Link>
              </li>
              <li>
                {/* The spec lists a cookie policy link that leads nowhere: shown, announced as unavailable, inert. */}
                <span role="link" aria-disabled="true" className="cursor-not-allowed text-slate-400">
                  Cookie Policy
                </span>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
