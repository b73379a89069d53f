import { describe, expect, it } from 'vitest';
import { SMALL_LABEL_WIDTH, smallLabelNote } from './small-label-note.js';

const allRead = { cgcCertNumber: '4401613002', publisher: 'DC Comics', labelDate: '5/23' };

describe('smallLabelNote', () => {
  it('names each small-print field left unread on a small label', () => {
    expect(smallLabelNote(520, { ...allRead, cgcCertNumber: null })).toBe(
      'The label is small in this photo, so its certification number could not be read. ' +
        'A photo taken closer to the label would read its small print.',
    );
    expect(smallLabelNote(520, { cgcCertNumber: null, publisher: '', labelDate: null })).toContain(
      'its certification number, publisher and date could not be read.',
    );
    expect(smallLabelNote(599, { ...allRead, publisher: '', labelDate: null })).toContain(
      'its publisher and date could not be read',
    );
  });

  it('says nothing when the small print was read or the label is large enough', () => {
    expect(smallLabelNote(520, allRead)).toBeNull();
    expect(smallLabelNote(SMALL_LABEL_WIDTH, { ...allRead, cgcCertNumber: null })).toBeNull();
    expect(smallLabelNote(1400, { cgcCertNumber: null, publisher: '', labelDate: null })).toBeNull();
  });

  it("takes a label's 'No Date' as its date read", () => {
    expect(smallLabelNote(520, { ...allRead, labelDate: 'No Date' })).toBeNull();
  });

  it('says nothing for a width that is no number', () => {
    expect(smallLabelNote(Number.NaN, { ...allRead, cgcCertNumber: null })).toBeNull();
  });
});
