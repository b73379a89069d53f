import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { siteConfig } from '../../lib/site-config';

const questions = [
  {
    question: 'How long does the evaluation take?',
    answer:
      'Our team replies within 2-4 hours during business hours. Large or complex collections can take longer, but you will always have your offers within 24 hours.',
  },
  {
    question: 'Do I have to accept all offers?',
    answer:
      'No. You decide comic by comic: accept the cash offer, accept the store-credit offer, or decline. You only ship the comics you accepted, and declining costs you nothing.',
  },
  {
    question: 'What if my comics get damaged during shipping?',
    answer:
      'You carry the risk of loss or damage while your package is in transit, so pack your slabs carefully and insure high-value shipments. Once your package is in our hands, we take full responsibility for your comics.',
  },
  {
    question: 'How does store credit work?',
    answer: `Store credit is typically 15-20% more than the cash offer. Choose it per comic when you accept, and the credit is applied to your ${siteConfig.storeBrand} account (the ${siteConfig.storeBrand} email in your settings) within 24 hours of our receiving your shipment.`,
  },
] as const;

/** One question: a button in a heading that shows or hides its answer (the WAI-ARIA disclosure pattern). */
function FaqItem({ question, answer }: { question: string; answer: string }) {
  const [open, setOpen] = useState(false);
  const answerId = `faq-${useId()}`;
  return (
    <div>
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={answerId}
          onClick={() => setOpen(!open)}
          className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-slate-950 hover:bg-slate-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-blue-600"
        >
          {question}
          <ChevronDown
            className="size-5 shrink-0 text-slate-600 transition-transform group-aria-expanded:rotate-180"
            aria-hidden="true"
          />
        </button>
      </h3>
      <div id={answerId} hidden={!open} className="px-5 pb-5 leading-relaxed text-slate-700">
        {answer}
      </div>
    </div>
  );
}

/**
 * The How It Works FAQ: each question is a button that shows or hides its answer. Plain React rather
 * than Radix Accordion, so the public pages' first load carries no Radix code.
 */
export function Faq() {
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {questions.map((item) => (
        <FaqItem key={item.question} question={item.question} answer={item.answer} />
      ))}
    </div>
  );
}
