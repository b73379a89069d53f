import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, passwordProblem } from './password-policy.js';

describe('passwordProblem (issue 7 item 1: the password policy)', () => {
  it.each([['correct horse battery staple'], ['Spider-Man #1 CGC 9.8'], ['x'.repeat(90) + 'Q7!rk2#mZp']])(
    'accepts %s',
    (password) => {
      expect(passwordProblem(password)).toBeUndefined();
    },
  );

  it('refuses anything under 10 characters, however random', () => {
    expect(passwordProblem('Xk#9qLw!2')).toBe('Use at least 10 characters.');
    expect(passwordProblem('')).toBe('Use at least 10 characters.');
  });

  it.each([
    ['password123'],
    ['qwertyuiop'],
    ['1234567890'],
    ['iloveyou12'],
    ['aaaaaaaaaaaa'],
    ['Password12!'],
  ])('refuses the common or patterned %s', (password) => {
    expect(passwordProblem(password)).toBe(COMMON_PASSWORD_MESSAGE);
  });

  it("refuses a password made of the person's own email", () => {
    expect(passwordProblem('peterparker2024', ['peterparker2024@example.com'])).toBe(COMMON_PASSWORD_MESSAGE);
  });

  it('refuses more than 1024 characters', () => {
    expect(passwordProblem('a1B!'.repeat(300))).toBe('Use at most 1024 characters.');
  });
});
