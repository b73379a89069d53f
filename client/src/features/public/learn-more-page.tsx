import type { ReactNode } from 'react';
import { Link } from 'wouter';
import {
  AlertTriangle,
  ArrowLeft,
  ArrowRight,
  Award,
  Banknote,
  CalendarClock,
  Camera,
  Clock,
  CreditCard,
  HandCoins,
  Mail,
  Package,
  ScanSearch,
  ShieldCheck,
  Truck,
} from 'lucide-react';
import { useDocumentTitle } from '../../app/use-document-title';
import { siteConfig } from '../../lib/site-config';
import { buttonClasses } from '../../ui/button-classes';
import { Faq } from './faq';

const processSteps = [
  {
    icon: Camera,
    title: 'Upload Photos',
    text: 'Photograph the front of each slab so the label is readable. We read the title, issue, publisher, year, grade, certification number, variant and key-issue details; you check and correct them.',
  },
  {
    icon: ScanSearch,
    title: 'Professional Review',
    text: 'Our team reviews every comic against real-time market data: recent sale prices and how quickly the book sells.',
  },
  {
    icon: Mail,
    title: 'Receive Offers',
    text: 'Within 24 hours you get a cash offer and a store-credit offer for each comic (usually within 2-4 hours during business hours).',
  },
  {
    icon: Package,
    title: 'Accept & Ship',
    text: 'Accept cash or credit per comic, or decline. Ship only the comics you accepted, within 7 days, and add your tracking number.',
  },
  {
    icon: HandCoins,
    title: 'Get Paid',
    text: 'We inspect your comics on arrival and pay you, or apply your store credit, within 24 hours of receiving your shipment.',
  },
] as const;

const tiers = [
  {
    range: '60-70%',
    title: 'Typical offers',
    tone: 'border-slate-950 bg-amber-50',
    factors: ['Most graded books with steady sales', 'Offers are a share of current market value'],
  },
  {
    range: '70%+',
    title: 'Higher offers',
    tone: 'border-green-700 bg-green-50',
    factors: ['In-demand key issues', 'Popular characters', 'Fast-moving books', 'Grades of 9.8 and above'],
  },
  {
    range: 'Under 60%',
    title: 'Lower offers',
    tone: 'border-red-700 bg-red-50',
    factors: ['Limited sales data', 'Niche titles', 'Slow-turnover books', 'Lower grades'],
  },
] as const;

const reasons = [
  {
    icon: ShieldCheck,
    title: 'Trusted & Secure',
    text: 'Buying graded comics since 2020, with over $250k purchased and a 99.9% satisfaction rate.',
  },
  {
    icon: Clock,
    title: 'Fast Turnaround',
    text: 'Offers within 24 hours and payment within 24 hours of your comics arriving.',
  },
  {
    icon: Award,
    title: 'Best Prices',
    text: 'Real-time market value analysis and store credit worth 15-20% more than cash.',
  },
] as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="py-12 sm:py-16">
      <h2 id={id} className="text-2xl font-extrabold text-slate-950 sm:text-3xl">
        {title}
      </h2>
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** How It Works (/learn-more): the process, how offers are set, payment, shipping and the FAQ (#faq). */
export function LearnMorePage() {
  useDocumentTitle('How It Works');
  const { shipTo } = siteConfig;
  return (
    <>
      <div className="halftone bg-slate-950 text-white">
        <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
          <Link href="/" className={buttonClasses('ghost-dark', 'sm')}>
            <ArrowLeft aria-hidden="true" />
            Back to Home
          </Link>
          <h1 className="font-display mt-6 text-5xl tracking-wide uppercase sm:text-6xl">
            How It <span className="text-amber-400">Works</span>
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-200">
            Everything you need to know about selling your graded comics to {siteConfig.businessName}: from
            your first photo to getting paid.
          </p>
        </div>
      </div>

      <div className="mx-auto max-w-5xl divide-y divide-slate-200 px-4 sm:px-6">
        <Section id="process" title="Our five-step process">
          <ol className="grid gap-4">
            {processSteps.map((step, index) => (
              <li
                key={step.title}
                className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
              >
                <span className="font-display grid size-12 shrink-0 place-items-center rounded-full bg-red-600 text-2xl text-white">
                  {index + 1}
                </span>
                <div>
                  <h3 className="flex items-center gap-2 text-lg font-bold text-slate-950">
                    <step.icon className="size-5 text-red-600" aria-hidden="true" />
                    {step.title}
                  </h3>
                  <p className="mt-1 leading-relaxed text-slate-700">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </Section>

        <Section id="offers" title="How we determine offers">
          <p className="max-w-3xl leading-relaxed text-slate-700">
            Every offer starts from the comic&rsquo;s current market value, measured with real-time market
            data that weighs both recent sale prices and sales volume. Offers are typically{' '}
            <strong>60-70% of market value</strong>, and where a book sits in that range depends on how
            quickly and reliably it sells.
          </p>
          <ul className="mt-8 grid gap-4 md:grid-cols-3">
            {tiers.map((tier) => (
              <li key={tier.range} className={`rounded-2xl border-2 p-5 ${tier.tone}`}>
                <p className="text-4xl font-black tracking-tight text-slate-950">{tier.range}</p>
                <h3 className="mt-1 font-bold text-slate-950">{tier.title}</h3>
                <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-800">
                  {tier.factors.map((factor) => (
                    <li key={factor}>{factor}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="payment" title="Payment options">
          <div className="grid gap-4 md:grid-cols-2">
            <div className="rounded-2xl border border-slate-200 p-6">
              <h3 className="flex items-center gap-2 text-lg font-bold text-slate-950">
                <Banknote className="size-5 text-green-700" aria-hidden="true" />
                Cash
              </h3>
              <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700">
                <li>Paid through an online payment service (PayPal) to the payment email on your account.</li>
                <li>No fees are deducted from cash payments: the offer you accept is what you receive.</li>
                <li>Paid within 24 hours of our receiving and inspecting your shipment.</li>
              </ul>
            </div>
            <div className="rounded-2xl border-2 border-slate-950 bg-amber-50 p-6">
              <h3 className="flex items-center gap-2 text-lg font-bold text-slate-950">
                <CreditCard className="size-5 text-red-600" aria-hidden="true" />
                Store credit
              </h3>
              <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700">
                <li>
                  Typically <strong>15-20% more</strong> than the cash offer.
                </li>
                <li>
                  Applied to your {siteConfig.storeBrand} account, using the store email in your settings.
                </li>
                <li>Credited within 24 hours of our receiving your shipment.</li>
              </ul>
            </div>
          </div>
        </Section>

        <Section id="shipping" title="Shipping instructions">
          <div className="grid gap-6 md:grid-cols-[1fr_1.2fr]">
            <div className="rounded-2xl bg-slate-950 p-6 text-white">
              <h3 className="flex items-center gap-2 font-bold text-amber-400">
                <Truck className="size-5" aria-hidden="true" />
                Ship your accepted comics to
              </h3>
              <address className="mt-3 text-lg leading-relaxed not-italic">
                {shipTo.company}
                <br />
                {shipTo.street}
                {shipTo.unit && (
                  <>
                    <br />
                    {shipTo.unit}
                  </>
                )}
                <br />
                {shipTo.city}, {shipTo.state} {shipTo.zip}
              </address>
            </div>
            <ul className="grid gap-4 text-slate-700">
              <li className="flex gap-3">
                <Package className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden="true" />
                <span>
                  Pack each slab snugly in bubble wrap inside a sturdy box, and include the label printed from
                  your submission so we can match your package.
                </span>
              </li>
              <li className="flex gap-3">
                <ShieldCheck className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden="true" />
                <span>
                  You bear the risk of loss or damage in transit; we take responsibility once your package
                  arrives. We strongly suggest insuring high-value packages.
                </span>
              </li>
              <li className="flex gap-3">
                <CalendarClock className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden="true" />
                <span>
                  Ship within 7 days of accepting your offers and add the tracking number to your submission.
                </span>
              </li>
            </ul>
          </div>
          <p className="mt-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
            <AlertTriangle className="size-5 shrink-0" aria-hidden="true" />
            <span>
              <strong>The 7-day rule:</strong> a submission may be cancelled if the shipment is not sent
              within 7 days of acceptance.
            </span>
          </p>
        </Section>

        <Section id="why-choose" title={`Why Choose ${siteConfig.businessName}?`}>
          <ul className="grid gap-4 md:grid-cols-3">
            {reasons.map((reason) => (
              <li key={reason.title} className="rounded-2xl border border-slate-200 p-6 text-center">
                <span className="mx-auto grid size-14 place-items-center rounded-full bg-red-600 text-white">
                  <reason.icon className="size-7" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-lg font-bold text-slate-950">{reason.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-700">{reason.text}</p>
              </li>
            ))}
          </ul>
        </Section>

        <section id="faq" aria-labelledby="faq-title" className="py-12 sm:py-16">
          <h2 id="faq-title" className="text-2xl font-extrabold text-slate-950 sm:text-3xl">
            Frequently asked questions
          </h2>
          <div className="mt-6">
            <Faq />
          </div>
        </section>
      </div>

      <div className="bg-amber-400">
        <div className="mx-auto flex max-w-5xl flex-col items-start gap-6 px-4 py-12 sm:px-6 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="font-display text-3xl tracking-wide text-slate-950 uppercase">Ready to sell?</h2>
            <p className="mt-1 text-slate-900">
              Upload your first comic in minutes and get offers within 24 hours.
            </p>
          </div>
          <Link href="/sell" className={buttonClasses('secondary', 'lg')}>
            Start Your Submission
            <ArrowRight aria-hidden="true" />
          </Link>
        </div>
      </div>
    </>
  );
}
