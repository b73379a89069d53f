import type { ComponentType, SVGProps } from 'react';
import { BadgeDollarSign, Camera, ScanText, UserRoundCheck } from 'lucide-react';

interface Step {
  title: string;
  text: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

// The spec's four steps: upload photos, AI analysis, create account, get offers.
const STEPS: Step[] = [
  {
    title: 'Upload Photos',
    text: 'Photograph the front of each slab with the label in view. Your phone camera is perfect.',
    icon: Camera,
  },
  {
    title: 'AI Analysis',
    text: 'We read the grading label: title, issue, grade and certification number. You check and correct.',
    icon: ScanText,
  },
  {
    title: 'Create Account',
    text: 'Sign in or create a free account when you submit. Your comics stay in this list while you do.',
    icon: UserRoundCheck,
  },
  {
    title: 'Get Offers',
    text: 'Our team reviews every book and sends cash and store-credit offers within 24 hours.',
    icon: BadgeDollarSign,
  },
];

/** The four-step explainer at the top of /sell. */
export function SellSteps() {
  return (
    <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="How selling works">
      {STEPS.map(({ title, text, icon: Icon }, index) => (
        <li key={title} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <span
            className="grid size-10 shrink-0 place-items-center rounded-full bg-red-600 text-white"
            aria-hidden="true"
          >
            <Icon className="size-5" />
          </span>
          <div>
            <p className="text-sm font-bold text-slate-950">
              <span className="text-red-700">{index + 1}.</span> {title}
            </p>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
