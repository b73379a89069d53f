import type { InputHTMLAttributes, Ref } from 'react';
import { withOverrides } from './cn';

/** The class list of an Input (exported for ui/own-classes.test.ts). */
export const INPUT_CLASSES = [
  'flex h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900',
  'placeholder:text-slate-500 focus-visible:border-blue-600 focus-visible:outline-3 focus-visible:outline-blue-600/40',
  'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:opacity-70',
  'aria-invalid:border-red-700 aria-invalid:focus-visible:outline-red-700/40',
].join(' ');

/** A text input with a visible focus ring; pair it with a Label (htmlFor = id). */
export function Input({
  className,
  type = 'text',
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input type={type} className={withOverrides(INPUT_CLASSES, className)} {...props} />;
}
