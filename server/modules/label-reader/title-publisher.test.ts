import { describe, expect, it } from 'vitest';
import { GUESS_CONFIDENCE } from '../../../shared/confidence-bars.js';
import type { ParsedLabel } from './label-parser.js';
import {
  isTitlePublisherNote,
  publisherFromTitle,
  titlePublisherNote,
  withPublisherFromTitle,
} from './title-publisher.js';

describe('publisherFromTitle', () => {
  it.each([
    ['Amazing Spider-Man', 'Marvel Comics'],
    ['Spiderman', 'Marvel Comics'],
    ['Uncanny X-Men', 'Marvel Comics'],
    ["Marvel's Voices: Indigenous Voices", 'Marvel Comics'],
    ['Batman: The Killing Joke', 'DC Comics'],
    ['Detective Comics', 'DC Comics'],
    ['Harley Quinn', 'DC Comics'],
    ['Spawn', 'Image Comics'],
  ])('guesses the house of %s', (title, house) => {
    expect(publisherFromTitle(title, null)).toBe(house);
  });

  it.each([
    ['a title naming no listed character', 'Saga'],
    ['a licensed property several houses published', 'Star Wars'],
    ['an imprint whose label prints another name', 'Sandman'],
    ['a crossover of two houses', 'Batman/Spider-Man'],
    ['a word inside another word', 'Thorne'],
    ['noise', 'Ansig 5pide'],
    ['nothing', ''],
  ])('guesses nothing for %s (%s)', (_kind, title) => {
    expect(publisherFromTitle(title, null)).toBeNull();
  });

  it("does not name Marvel on a book from before Marvel's name was on its covers", () => {
    expect(publisherFromTitle('Captain America Comics', 1941)).toBeNull();
    expect(publisherFromTitle('Journey into Mystery', 1958)).toBeNull();
    expect(publisherFromTitle('Journey into Mystery', 1962)).toBe('Marvel Comics');
    expect(publisherFromTitle('Detective Comics', 1939)).toBe('DC Comics');
  });
});

describe('withPublisherFromTitle', () => {
  const parsed = (fields: Partial<ParsedLabel>) =>
    ({
      title: 'Venom',
      publisher: '',
      publicationYear: null,
      notes: [],
      fieldConfidence: { publisher: 0, title: 0.95 },
      ...fields,
    }) as ParsedLabel;

  it('fills an unread publisher as a guess, with a note', () => {
    const guessed = withPublisherFromTitle(parsed({}));
    expect(guessed.publisher).toBe('Marvel Comics');
    expect(guessed.fieldConfidence.publisher).toBe(GUESS_CONFIDENCE);
    expect(guessed.notes).toEqual([titlePublisherNote('Marvel Comics')]);
    expect(isTitlePublisherNote(guessed.notes[0]!)).toBe(true);
  });

  it('leaves a publisher the label gave, however unsure', () => {
    const read = parsed({ publisher: 'Marvel/Icon' });
    read.fieldConfidence.publisher = 0.31;
    expect(withPublisherFromTitle(read)).toBe(read);
  });

  it('leaves a label with no title, or a title naming no house, as it was', () => {
    for (const title of ['', 'Moon Man']) {
      const read = parsed({ title });
      expect(withPublisherFromTitle(read)).toBe(read);
    }
  });
});
