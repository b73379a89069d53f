import { describe, expect, it } from 'vitest';
import { BatchTracker, batchSummaryToast } from './batch-summary';

describe('one toast per batch', () => {
  it('sums up a batch once its last photo is in', () => {
    const tracker = new BatchTracker();
    const ids = Array.from({ length: 20 }, (_, i) => `u${i}`);
    tracker.start(ids);
    let summary = null;
    ids.forEach((id, i) => {
      const result =
        i === 19
          ? ({ kind: 'refused', fileName: 'notes.jpg' } as const)
          : ({ kind: 'added', needsDetails: i < 2 } as const);
      const done = tracker.settle(id, result);
      if (i < 19) expect(done).toBeNull();
      else summary = done;
    });
    expect(summary).not.toBeNull();
    expect(batchSummaryToast(summary!)).toEqual({
      title: 'Comics Added',
      description:
        '19 comics added, 2 need details. 1 file was not added (not a photo we can read): notes.jpg. ' +
        'Please fill in the missing details before submitting.',
      variant: 'default',
    });
    expect(tracker.has('u0')).toBe(false);
  });

  it('lists refused files in the order they were dropped, whatever order the server answers in', () => {
    const tracker = new BatchTracker();
    tracker.start(['u0', 'u1', 'u2', 'u3']);
    expect(tracker.settle('u2', { kind: 'refused', fileName: 'c.jpg' })).toBeNull();
    expect(tracker.settle('u0', { kind: 'refused', fileName: 'a.jpg' })).toBeNull();
    expect(tracker.settle('u1', { kind: 'added', needsDetails: false })).toBeNull();
    const summary = tracker.settle('u3', { kind: 'refused', fileName: 'd.jpg' });
    expect(summary?.refused).toEqual(['a.jpg', 'c.jpg', 'd.jpg']);
  });

  it('leaves a single photo to the spec toasts', () => {
    const tracker = new BatchTracker();
    tracker.start(['one']);
    expect(tracker.has('one')).toBe(false);
    expect(tracker.settle('one', { kind: 'added', needsDetails: false })).toBeNull();
  });

  it('says plainly when nothing of a batch could be added', () => {
    expect(
      batchSummaryToast({ size: 2, settled: 2, added: 0, needDetails: 0, refused: ['a.jpg', 'b.jpg'] }),
    ).toEqual({
      title: 'No Comics Added',
      description: '2 files were not added (not a photo we can read): a.jpg, b.jpg.',
      variant: 'destructive',
    });
    expect(
      batchSummaryToast({ size: 2, settled: 2, added: 2, needDetails: 0, refused: [] }).description,
    ).toBe('2 comics added. Please review the extracted values before submitting.');
  });
});
