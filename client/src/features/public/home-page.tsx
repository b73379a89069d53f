import { Link } from 'wouter';
import {
  ArrowRight,
  BadgeCheck,
  Camera,
  Clock,
  DollarSign,
  ScanSearch,
  ShieldCheck,
  TrendingUp,
  Wallet,
} from 'lucide-react';
import { useDocumentTitle } from '../../app/use-document-title';
import { buttonClasses } from '../../ui/button-classes';
import { MARKETING_STATS } from './marketing-stats';

const steps = [
  {
    icon: Camera,
    title: 'Upload & Extract',
    text: 'Snap photos of your slabbed comics. We read the label for you: title, issue, grade and certification number. You review and correct every detail.',
  },
  {
    icon: ScanSearch,
    title: 'Professional Review',
    text: 'Our team values every book with real-time market data and sends you a cash offer and a store-credit offer within 24 hours.',
  },
  {
    icon: Wallet,
    title: 'Get Paid Fast',
    text: 'Accept the offers you like, ship only those comics, and get paid within 24 hours of their arrival. No fees deducted.',
  },
] as const;

const benefits = [
  {
    icon: ShieldCheck,
    title: 'Secure & Fast',
    text: 'Sign in securely, track every submission, and get paid to your payment email as soon as your comics arrive.',
  },
  {
    icon: BadgeCheck,
    title: 'Expert Evaluation',
    text: 'Real collectors with 6+ years of experience review every comic: key issues, variants and grades included.',
  },
  {
    icon: Clock,
    title: 'Fast Turnaround',
    text: 'A 24-hour offer guarantee. Most offers arrive within 2-4 hours during business hours.',
  },
  {
    icon: TrendingUp,
    title: 'Market Prices',
    text: 'Real-time market value analysis that weighs recent sale prices and sales volume, so offers follow the market.',
  },
] as const;

/** The landing page (spec section 2, Home): hero, figures, three steps, four benefits and the statement. */
export function HomePage() {
  useDocumentTitle('Sell Your Graded Comics');
  return (
    <>
      <section className="halftone relative overflow-hidden bg-slate-950 text-white">
        <div
          className="absolute inset-y-0 right-0 hidden w-1/3 skew-x-[-12deg] translate-x-24 bg-red-600 lg:block"
          aria-hidden="true"
        />
        <div className="relative mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.4fr_1fr] lg:items-center">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-amber-400/60 bg-amber-400/10 px-3 py-1 text-sm font-semibold text-amber-300">
              <BadgeCheck className="size-4" aria-hidden="true" />
              Trusted since 2020 · 24-hour offer guarantee
            </p>
            <h1 className="font-display mt-6 text-5xl leading-[0.95] tracking-wide uppercase sm:text-6xl lg:text-7xl">
              Sell your graded comics <span className="text-amber-400">for what they&rsquo;re worth</span>
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-200">
              Upload photos of your CGC, CBCS or PGX slabs, get cash and store-credit offers within 24 hours,
              and get paid fast. No fees, no haggling, no listings to manage.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link href="/sell" className={buttonClasses('primary', 'lg')}>
                Start Selling Now
                <ArrowRight aria-hidden="true" />
              </Link>
              <Link href="/learn-more" className={buttonClasses('outline-dark', 'lg')}>
                Learn More
                {/* Says where the link goes, for screen readers and search engines ('Learn More' alone does not). */}
                <span className="sr-only"> about how selling works</span>
              </Link>
            </div>
          </div>
          <div className="relative mr-2 rotate-1 rounded-2xl border-4 border-slate-950 bg-white p-6 text-slate-950 shadow-[6px_6px_0_0_#f59e0b] sm:mr-0 sm:shadow-[10px_10px_0_0_#f59e0b]">
            <p className="font-display text-2xl tracking-wide uppercase">Why sellers choose us</p>
            <ul className="mt-4 grid gap-3 text-sm">
              <li className="flex gap-3">
                <DollarSign className="size-5 shrink-0 text-red-600" aria-hidden="true" />
                Over $250k of comics purchased from collectors
              </li>
              <li className="flex gap-3">
                <Clock className="size-5 shrink-0 text-red-600" aria-hidden="true" />
                Offers within 24 hours, payouts within 24 hours of arrival
              </li>
              <li className="flex gap-3">
                <TrendingUp className="size-5 shrink-0 text-red-600" aria-hidden="true" />
                Real-time market value analysis: price and volume
              </li>
              <li className="flex gap-3">
                <BadgeCheck className="size-5 shrink-0 text-red-600" aria-hidden="true" />
                6+ years of experience buying graded books
              </li>
            </ul>
          </div>
        </div>
      </section>

      <section aria-label="Our track record" className="border-b-4 border-slate-950 bg-amber-400">
        <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-y-8 px-4 py-10 sm:px-6 md:grid-cols-4">
          {MARKETING_STATS.map((stat) => (
            <div key={stat.label} className="flex flex-col items-center text-center">
              <dt className="order-2 mt-1 text-sm font-semibold text-slate-900">{stat.label}</dt>
              <dd className="font-display order-1 text-4xl tracking-wide text-slate-950 sm:text-5xl">
                {stat.value}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="how-it-works" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <div className="max-w-2xl">
          <p className="text-sm font-bold tracking-wider text-red-700 uppercase">Three simple steps</p>
          <h2 id="how-it-works" className="mt-2 text-3xl font-extrabold text-slate-950 sm:text-4xl">
            How it works
          </h2>
        </div>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li
              key={step.title}
              className="relative rounded-2xl border-2 border-slate-950 bg-white p-6 shadow-[6px_6px_0_0_#0f172a]"
            >
              <span className="font-display absolute -top-5 left-6 grid size-11 place-items-center rounded-full border-2 border-slate-950 bg-red-600 text-2xl text-white">
                {index + 1}
              </span>
              <step.icon className="mt-4 size-8 text-red-600" aria-hidden="true" />
              <h3 className="mt-4 text-xl font-bold text-slate-950">{step.title}</h3>
              <p className="mt-2 leading-relaxed text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="benefits" className="bg-slate-100">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
          <h2 id="benefits" className="text-3xl font-extrabold text-slate-950 sm:text-4xl">
            Selling made simple
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {benefits.map((benefit) => (
              <li key={benefit.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <span className="grid size-12 place-items-center rounded-xl bg-slate-950 text-amber-400">
                  <benefit.icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-lg font-bold text-slate-950">{benefit.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-700">{benefit.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        aria-labelledby="statement"
        className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20"
      >
        <h2 id="statement" className="font-display text-4xl tracking-wide text-slate-950 uppercase">
          From slab to payout, <span className="text-red-600">without the hassle</span>
        </h2>
        <p className="mt-6 text-lg leading-relaxed text-slate-700">
          Upload clear photos of your graded comics and we extract the title, grade and certification details
          for you; correct anything we got wrong before you submit. Our team reviews and values every book
          with real-time market data, and you receive offers within 24 hours at most. Accept the offers you
          like, ship your comics, and get paid as soon as they arrive.
        </p>
        <Link href="/sell" className={buttonClasses('primary', 'lg', 'mt-8')}>
          Start Selling Now
          <ArrowRight aria-hidden="true" />
        </Link>
      </section>
    </>
  );
}
