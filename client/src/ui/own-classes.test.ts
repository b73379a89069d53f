import { describe, expect, it } from 'vitest';
import { twMerge } from 'tailwind-merge';
import { BADGE_SIZES, BADGE_VARIANTS, badgeClasses } from './badge';
import { BUTTON_SIZES, BUTTON_VARIANTS, buttonClasses } from './button-classes';
import { CHECKBOX_CLASSES } from './checkbox';
import { INPUT_CLASSES } from './input';
import { LABEL_VARIANTS, labelClasses } from './label';
import { cn, withOverrides } from './cn';

// The primitives give their own class lists unmerged when a caller passes no className (ui/cn.ts
// withOverrides, to keep tailwind-merge off pages that need no override). That is only right if no
// class in an own list overrides another: tailwind-merge would then return the list unchanged.
describe("primitives' own class lists need no merging", () => {
  const lists: [string, string][] = [
    ...BUTTON_VARIANTS.flatMap((variant) =>
      BUTTON_SIZES.map((size): [string, string] => [
        `button ${variant} ${size}`,
        buttonClasses(variant, size),
      ]),
    ),
    ...BADGE_VARIANTS.flatMap((variant) =>
      BADGE_SIZES.map((size): [string, string] => [`badge ${variant} ${size}`, badgeClasses(variant, size)]),
    ),
    ...LABEL_VARIANTS.map((variant): [string, string] => [`label ${variant}`, labelClasses(variant)]),
    ['checkbox', CHECKBOX_CLASSES],
    ['input', INPUT_CLASSES],
  ];

  it('covers every variant and size', () => {
    expect(lists.length).toBe(
      BUTTON_VARIANTS.length * BUTTON_SIZES.length + BADGE_VARIANTS.length * BADGE_SIZES.length + 4,
    );
  });

  it.each(lists)('%s', (_name, classes) => {
    expect(twMerge(classes)).toBe(classes);
  });
});

describe('withOverrides', () => {
  it('gives the own list as it is without a caller className', () => {
    expect(withOverrides('px-4 text-sm', undefined)).toBe('px-4 text-sm');
    expect(withOverrides('px-4 text-sm', '')).toBe('px-4 text-sm');
  });

  it("lets a caller's class override the own one", () => {
    expect(withOverrides('px-4 text-sm', 'px-2')).toBe('text-sm px-2');
    expect(withOverrides('px-4 text-sm', 'px-2')).toBe(cn('px-4 text-sm', 'px-2'));
  });
});
