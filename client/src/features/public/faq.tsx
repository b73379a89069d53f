import { Accordion } from 'radix-ui';
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

/** The How It Works FAQ as an accordion (each question is a button that shows or hides its answer). */
export function Faq() {
  return (
    <Accordion.Root
      type="multiple"
      className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
    >
      {questions.map((item) => (
        <Accordion.Item key={item.question} value={item.question}>
          <Accordion.Header asChild>
            <h3>
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-slate-950 hover:bg-slate-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-blue-600">
                {item.question}
                <ChevronDown
                  className="size-5 shrink-0 text-slate-600 transition-transform group-data-[state=open]:rotate-180"
                  aria-hidden="true"
                />
              </Accordion.Trigger>
            </h3>
          </Accordion.Header>
          <Accordion.Content className="px-5 pb-5 leading-relaxed text-slate-700">
            {item.answer}
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
