/**
 * The top of /sell. Its own module because the prerendered page shows it (app/routes.tsx) before the
 * page's code has loaded: the same element, so it is the page's first paint and stays in place.
 */
export function SellIntro() {
  return (
    <header className="max-w-3xl">
      <p className="text-sm font-bold tracking-widest text-red-700 uppercase">
        Sell to a dealer you can trust
      </p>
      <h1 className="font-display mt-2 text-4xl leading-none tracking-wide text-slate-950 uppercase sm:text-5xl">
        Sell Your Comics
      </h1>
      <p className="mt-4 text-lg text-slate-700">
        Upload photos of your graded slabs. We read each label for you, you check the details, and our team
        sends cash and store-credit offers within 24 hours.
      </p>
    </header>
  );
}

/** The class of the /sell page's outer box, shared with its prerendered shell. */
export const SELL_PAGE_CLASS = 'mx-auto max-w-6xl px-4 pt-8 pb-24 sm:px-6 sm:pt-12';
