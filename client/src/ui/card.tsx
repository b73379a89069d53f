import type { HTMLAttributes } from 'react';
import { withOverrides } from './cn';

/** A bordered, rounded surface that groups related content. */
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={withOverrides('rounded-2xl border border-slate-200 bg-white shadow-sm', className)}
      {...props}
    />
  );
}

/** The top area of a Card, usually holding its title. */
export function CardHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={withOverrides('flex flex-col gap-1.5 p-6 pb-3', className)} {...props} />;
}

/** A Card's heading; pick the heading level that fits the page outline with `as`. */
export function CardTitle({
  className,
  as: Heading = 'h3',
  ...props
}: HTMLAttributes<HTMLHeadingElement> & { as?: 'h2' | 'h3' | 'h4' }) {
  return (
    <Heading
      className={withOverrides('text-lg leading-tight font-bold text-slate-900', className)}
      {...props}
    />
  );
}

/** Secondary text under a Card's title. */
export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={withOverrides('text-sm text-slate-600', className)} {...props} />;
}

/** The main body of a Card. */
export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={withOverrides('p-6 pt-3', className)} {...props} />;
}

/** The bottom row of a Card, usually holding actions. */
export function CardFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={withOverrides('flex items-center gap-3 p-6 pt-0', className)} {...props} />;
}
