import { describe, expect, it } from 'vitest';
import { engineSeeing, clean, matrixOf } from './fixtures/line-matrix.js';
import {
  LOST_ISSUE_CONFIDENCE,
  LOST_ISSUE_NOTE,
  readIssueAfterHash,
  readLostIssueNumber,
  titleWithoutNumber,
} from './issue-after-hash.js';
import { NO_ISSUE_NOTE, parseLabel } from './label-parser.js';

/** A title line's steps: the title read cleanly, then `tail`'s steps. */
const line = (title: string, ...tail: Record<string, number>[]) => matrixOf([...clean(title), ...tail]);

describe('readIssueAfterHash', () => {
  it("reads a faint '1' after the '#' that the greedy reading lost (dev-101's phone variant)", () => {
    // Greedy: 'Spider-Boy #', the '1' only a quarter likely at its step.
    const matrix = line('Spider-Boy ', { '#': 0.6 }, {}, { '1': 0.25 }, {});
    expect(readIssueAfterHash(matrix)).toEqual({ issueNumber: '1', titleText: 'Spider-Boy ' });
  });

  it("reads the number where the '#' itself was read as a letter ('Spider-Gwen Annual a1')", () => {
    const matrix = line('Spider-Gwen Annual ', { a: 0.5, '#': 0.3 }, {}, { '1': 0.9 }, {});
    expect(readIssueAfterHash(matrix)).toEqual({ issueNumber: '1', titleText: 'Spider-Gwen Annual ' });
  });

  it("reads '#nn' misread as 'Pnn' (dev-034's scan) as no number", () => {
    const matrix = line('Fame: Mike Tyson ', { P: 0.6, '#': 0.3 }, {}, { n: 0.9 }, {}, { n: 0.9 }, {});
    expect(readIssueAfterHash(matrix)).toEqual({ issueNumber: 'nn', titleText: 'Fame: Mike Tyson ' });
  });

  it('reads nothing where the number was wholly lost', () => {
    // A hundredth likely at its step: the line reads far likelier as ending in a bare '#'.
    expect(readIssueAfterHash(line('Spider-Boy ', { '#': 0.6 }, {}, { '1': 0.01 }, {}))).toBeNull();
    expect(readIssueAfterHash(line('Spider-Boy ', { '#': 0.6 }, {}))).toBeNull();
  });

  it('reads nothing from a digit nearly unseen, even where nothing else fits its step', () => {
    // The step is an 'l' (a mark after the line): the digit is likelier than a stray letter there,
    // but at 0.03 it is a guess.
    const matrix = line('Spider-Boy ', { '#': 0.6 }, {}, { l: 0.95, '1': 0.03 }, {});
    expect(readIssueAfterHash(matrix)).toBeNull();
  });

  it("reads nothing when '#1' and '#nn' are near alike", () => {
    // A '1' or an 'n' at the first step, maybe a second 'n' after.
    const matrix = line('Spider-Boy ', { '#': 0.6 }, {}, { '1': 0.3, n: 0.3 }, {}, { n: 0.3 }, {});
    expect(readIssueAfterHash(matrix)).toBeNull();
  });
});

describe('titleWithoutNumber', () => {
  it("cuts what is left of the misread '#' and number from the title's end", () => {
    expect(titleWithoutNumber('Spider-Gwen Annual a1', 'Spider-Gwen Annual ', '1')).toBe(
      'Spider-Gwen Annual',
    );
    expect(titleWithoutNumber('Do You Pooh?1', 'Do You Pooh?', '1')).toBe('Do You Pooh?');
    expect(titleWithoutNumber('NYX1', 'NYX', '1')).toBe('NYX');
    expect(titleWithoutNumber('Fame: Mike Tyson Pnn', 'Fame: Mike Tyson ', 'nn')).toBe('Fame: Mike Tyson');
    // '#1' read as one letter: cutting it leaves a word.
    expect(titleWithoutNumber('Avengers: Twilightm', 'Avengers:Twilight', '1')).toBe('Avengers: Twilight');
    // The line read again may differ from the parser's reading in a letter (dev-046's phone
    // variant, seed 4); repairTitleLine then puts 'Wohverine' right.
    expect(titleWithoutNumber('Wohverine r1', 'Wolverine ', '1')).toBe('Wohverine');
  });

  it("keeps a title's own last letter that the decoding put its '#' over", () => {
    expect(titleWithoutNumber('Spider-Boy', 'Spider-Bo', '1')).toBe('Spider-Boy');
  });

  it('leaves a title that ends where the decoded title does, or goes on further, or differs', () => {
    expect(titleWithoutNumber('Spider-Boy', 'Spider-Boy ', '1')).toBe('Spider-Boy');
    expect(titleWithoutNumber('Avengers Forever', 'Avengers ', '1')).toBe('Avengers Forever');
    expect(titleWithoutNumber('Xmas Men a1', 'Ymas Hen ', '1')).toBe('Xmas Men a1');
    expect(titleWithoutNumber('a1', '', '1')).toBe('a1');
  });
});

describe('readLostIssueNumber', () => {
  const box = { x: 100, y: 80, width: 500, height: 40 };
  const parsed = (overrides: Partial<ReturnType<typeof parseLabel>>) => {
    const base = parseLabel([], 1400);
    return {
      ...base,
      title: 'Spider-Gwen Annual a1',
      titleBox: box,
      issueLost: true,
      fieldConfidence: { ...base.fieldConfidence, title: 0.66 },
      notes: [NO_ISSUE_NOTE],
      ...overrides,
    };
  };
  const label = { width: 1400, height: 500, data: new Uint8Array(1400 * 500 * 3) };
  const matrix = line('Spider-Gwen Annual ', { a: 0.5, '#': 0.3 }, {}, { '1': 0.9 }, {});

  it('takes the number under the check bar, with a note, and cuts its remains from the title', async () => {
    const { engine, calls } = engineSeeing(matrix);
    const read = await readLostIssueNumber(engine, label, parsed({}));
    expect(calls).toHaveLength(1);
    expect(read).toMatchObject({ title: 'Spider-Gwen Annual', issueNumber: '1' });
    expect(read.fieldConfidence.issueNumber).toBe(LOST_ISSUE_CONFIDENCE);
    expect(read.notes).toEqual([LOST_ISSUE_NOTE]);
  });

  it('keeps the confidence no higher than the title line earned', async () => {
    const { engine } = engineSeeing(matrix);
    const base = parsed({});
    const read = await readLostIssueNumber(engine, label, {
      ...base,
      fieldConfidence: { ...base.fieldConfidence, title: 0.3 },
    });
    expect(read.fieldConfidence.issueNumber).toBe(0.3);
  });

  it('asks nothing of the engine when the parser read a number, or found no title line', async () => {
    const { engine, calls } = engineSeeing(matrix);
    const withNumber = parsed({ issueLost: false, issueNumber: '5' });
    expect(await readLostIssueNumber(engine, label, withNumber)).toBe(withNumber);
    const noTitle = parsed({ titleBox: null });
    expect(await readLostIssueNumber(engine, label, noTitle)).toBe(noTitle);
    expect(calls).toHaveLength(0);
  });

  it('leaves the reading as it was when the line holds no clear number', async () => {
    const { engine } = engineSeeing(line('Spider-Boy ', { '#': 0.6 }, {}));
    const unread = parsed({ title: 'Spider-Boy' });
    expect(await readLostIssueNumber(engine, label, unread)).toBe(unread);
  });
});
