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
    // On a phone the steps shrink to a 2 x 2 grid of titles so the upload zone is near the top of the page.
    <ol className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4" aria-label="How selling works">
      {STEPS.map(({ title, text, icon: Icon }, index) => (
        <li
          key={title}
          className="flex items-center gap-2 rounded-xl border border-slate-200 bg-white p-2.5 shadow-sm sm:items-start sm:gap-3 sm:p-4"
        >
          <span
            className="grid size-8 shrink-0 place-items-center rounded-full bg-red-600 text-white sm:size-10"
            aria-hidden="true"
          >
            <Icon className="size-4 sm:size-5" />
          </span>
          <div>
            <p className="text-sm leading-tight font-bold text-slate-950">
              <span className="text-red-700">{index + 1}.</span> {title}
            </p>
            <p className="mt-1 hidden text-sm text-slate-600 sm:block">{text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
