import { describe, expect, it } from 'vitest';
import type { CertMatch } from '../../../../shared/schemas/cert-check';
import { draftCertNumbers, duplicateWarnings, earlierNotesByComic } from './cert-notes';
import { blankComic, comicFromExtraction } from './draft-comic';

const wolverine = {
  ...comicFromExtraction({ title: 'Wolverine', issueNumber: '1', cgcCertNumber: '4245413006' }),
  id: 'w',
};
const again = { ...wolverine, id: 'w2' };
const saga = {
  ...comicFromExtraction({ title: 'Saga', issueNumber: '1', cgcCertNumber: '21-2ec8b4a-002' }),
  id: 's',
};
const blank = { ...blankComic(), id: 'b' };

describe('cert notes on the /sell cards', () => {
  it('warns on the repeat only, naming the card that has the number first', () => {
    expect(duplicateWarnings([wolverine, blank, saga, again])).toEqual({
      w2:
        'This cert number is already in your list (Wolverine #1). ' +
        'Remove this card if it is the same slab, or correct its number.',
    });
  });

  it('notes earlier submissions holding a number, once per submission', () => {
    const match: CertMatch = {
      certNumber: '4245413006',
      submissionId: '3f2a9c1e-0000-4000-8000-000000000000',
      submissionReference: '3F2A9C1E',
      submissionStatus: 'awaiting_review',
      submittedAt: '2026-11-20T12:00:00.000Z',
      title: 'Wolverine',
      issueNumber: '1',
    };
    expect(earlierNotesByComic([wolverine, saga], [match, match])).toEqual({
      w: ['Your Submission #3F2A9C1E of Nov 20, 2026 (Awaiting Review) already holds this cert number.'],
    });
  });

  it('asks about each distinct number once, normalised', () => {
    expect(draftCertNumbers([wolverine, again, saga, blank])).toEqual(['21-2EC8B4A-002', '4245413006']);
  });
});
