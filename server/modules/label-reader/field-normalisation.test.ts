import { describe, expect, it } from 'vitest';
import {
  normaliseCertNumber,
  normaliseGrade,
  normaliseIssueNumber,
  normalisePublisher,
  normaliseTitle,
} from './field-normalisation.js';

describe('field normalisation', () => {
  it('compares titles without case, punctuation or spaces', () => {
    expect(normaliseTitle('Female Force: Taylor Swift')).toBe(normaliseTitle('FEMALE FORCE TAYLOR SWIFT'));
    expect(normaliseTitle('Spider-Gwen: The Ghost-Spider')).toBe(
      normaliseTitle('Spider Gwen The Ghost Spider'),
    );
    expect(normaliseTitle('Batman & Robin')).toBe(normaliseTitle('Batman and Robin'));
    expect(normaliseTitle('Spider-Man')).not.toBe(normaliseTitle('Spider-Woman'));
    expect(normaliseTitle(null)).toBe('');
  });

  it('treats D.C. Comics and DC Comics as one publisher', () => {
    expect(normalisePublisher('D.C. Comics')).toBe(normalisePublisher('DC Comics'));
    expect(normalisePublisher('Boom! Studios')).toBe(normalisePublisher('BOOM Studios'));
    expect(normalisePublisher('Image/Skybound')).not.toBe(normalisePublisher('Image Comics'));
  });

  it('compares issue numbers as numbers when they are numbers', () => {
    expect(normaliseIssueNumber('#001')).toBe('1');
    expect(normaliseIssueNumber('1000')).toBe('1000');
    expect(normaliseIssueNumber('NN')).toBe('nn');
    expect(normaliseIssueNumber('1A')).toBe('1a');
  });

  it('compares grades numerically and cert numbers by their characters', () => {
    expect(normaliseGrade('9.8')).toBe(9.8);
    expect(normaliseGrade(9.8)).toBe(9.8);
    expect(normaliseGrade('9,80')).toBe(9.8);
    expect(normaliseGrade('')).toBeNull();
    expect(normaliseCertNumber(' 4245413006 ')).toBe('4245413006');
    expect(normaliseCertNumber('21-2ec8b4a-002')).toBe('21-2EC8B4A-002');
  });
});
