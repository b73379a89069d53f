import { describe, expect, it } from 'vitest';
import {
  boolean,
  list,
  nullable,
  number,
  optional,
  readAs,
  record,
  shape,
  text,
  withDefault,
} from './stored-shape';

describe('stored-shape readers', () => {
  const note = shape({
    name: text(5, 1),
    score: number(0, 1),
    done: boolean,
    tags: list(text(3), 2),
    extra: optional(text(10)),
    owner: withDefault(nullable(text(10)), null),
    scores: record(number(0, 1)),
  });
  const good = { name: 'abc', score: 0.5, done: false, tags: ['a'], scores: { x: 1 } };

  it('returns the clean value, without keys nobody asked for, absent optional keys left out', () => {
    expect(readAs(note, { ...good, stray: 'x' })).toEqual({ ...good, owner: null });
    expect(readAs(note, { ...good, extra: 'e', owner: 'me' })).toEqual({ ...good, extra: 'e', owner: 'me' });
    expect(Object.keys(readAs(note, good) ?? {})).not.toContain('extra');
  });

  it('refuses wrong types, lengths, ranges and sizes anywhere in the value', () => {
    expect(readAs(note, { ...good, name: '' })).toBeNull();
    expect(readAs(note, { ...good, name: 'toolong' })).toBeNull();
    expect(readAs(note, { ...good, score: 2 })).toBeNull();
    expect(readAs(note, { ...good, score: Number.NaN })).toBeNull();
    expect(readAs(note, { ...good, done: 'no' })).toBeNull();
    expect(readAs(note, { ...good, tags: ['a', 'b', 'c'] })).toBeNull();
    expect(readAs(note, { ...good, tags: ['abcd'] })).toBeNull();
    expect(readAs(note, { ...good, scores: { x: -1 } })).toBeNull();
    expect(readAs(note, { ...good, owner: 5 })).toBeNull();
    expect(readAs(note, [good])).toBeNull();
    expect(readAs(note, null)).toBeNull();
    expect(readAs(note, 'text')).toBeNull();
  });
});
