import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../app/use-document-title';

/** One numbered section of a legal page. */
export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** Both legal pages carry this date (spec section 2, Legal pages). */
export const LEGAL_LAST_UPDATED = '9/1/2025';

/** The shared layout of the Privacy Policy and Terms of Service: title, date, contents and numbered sections. */
export function LegalPage({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  useDocumentTitle(title);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="border-b-4 border-slate-950 pb-6">
        <h1 className="font-display text-4xl tracking-wide text-slate-950 uppercase sm:text-5xl">{title}</h1>
        <p className="mt-2 text-sm font-semibold text-slate-600">Last updated: {LEGAL_LAST_UPDATED}</p>
        <div className="mt-4 leading-relaxed text-slate-700">{intro}</div>
      </header>
      <nav aria-label="Contents" className="mt-8 rounded-2xl bg-slate-100 p-5">
        <h2 className="text-sm font-bold tracking-wider text-slate-700 uppercase">Contents</h2>
        <ol className="mt-3 list-decimal pl-8 text-sm sm:columns-2 sm:gap-10 [&_li]:py-0.5">
          {sections.map((section, index) => (
            <li key={section.title}>
              <a
                href={`#section-${index + 1}`}
                className="rounded text-red-700 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-blue-600"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.title} id={`section-${index + 1}`} className="mt-10">
          <h2 className="text-xl font-bold text-slate-950">
            {index + 1}. {section.title}
          </h2>
          <div className="mt-3 space-y-3 leading-relaxed text-slate-700 [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-1">
            {section.body}
          </div>
        </section>
      ))}
    </article>
  );
}
