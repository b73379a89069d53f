import { describe, expect, it } from 'vitest';
import { publisherKey, titleKey, variantKey } from '../../../shared/valuation/normalise.js';
import { queryKeys, selectBookRows, variantOverlap, type MatchableRow } from './book-match.js';

function row(title: string, publisher: string, variant: string, similarity: number, id: string) {
  return {
    id,
    titleKey: titleKey(title),
    publisherKey: publisherKey(publisher),
    variantKey: variantKey(variant),
    similarity,
  };
}
const ids = (rows: ReadonlyArray<MatchableRow & { id: string }>) => rows.map((r) => r.id).sort();

describe('selectBookRows', () => {
  const asm = [
    row('Amazing Spider-Man', 'Marvel Comics', '', 1, 'regular'),
    row('Amazing Spider-Man', 'Marvel Comics', 'Nakayama Variant Cover', 1, 'nakayama'),
    row('Amazing Spider-Man', 'Marvel Comics', 'East Side Comics "Virgin" Edition', 1, 'eastside-virgin'),
    row('Amazing Spider-Man', 'Marvel Comics', 'Variant Edition', 1, 'variant-edition'),
    row('Spectacular Spider-Man', 'Marvel Comics', '', 0.38, 'spectacular'),
  ];

  it("matches 'The Amazing Spider-Man' and a regular cover only to regular-cover rows", () => {
    const keys = queryKeys({
      title: 'The Amazing Spider-Man',
      issueNumber: '19',
      publisher: 'Marvel',
      variant: null,
      grade: 9.8,
    });
    expect(ids(selectBookRows(asm, keys).rows)).toEqual(['regular']);
  });

  it('matches variant lines written differently, but never a virgin cover to the trade dress', () => {
    const nakayama = queryKeys({
      title: 'Amazing Spider-Man',
      issueNumber: '19',
      publisher: '',
      variant: 'Nakayama Variant',
      grade: 9.8,
    });
    expect(ids(selectBookRows(asm, nakayama).rows)).toEqual(['nakayama']);
    const virgin = queryKeys({
      title: 'Amazing Spider-Man',
      issueNumber: '19',
      publisher: '',
      variant: 'East Side Virgin Variant',
      grade: 9.8,
    });
    expect(ids(selectBookRows(asm, virgin).rows)).toEqual(['eastside-virgin']);
    const unknown = queryKeys({
      title: 'Amazing Spider-Man',
      issueNumber: '19',
      publisher: '',
      variant: 'Campbell Variant Cover',
      grade: 9.8,
    });
    expect(selectBookRows(asm, unknown).rows).toEqual([]);
    const generic = queryKeys({
      title: 'Amazing Spider-Man',
      issueNumber: '19',
      publisher: '',
      variant: 'Variant Cover',
      grade: 9.8,
    });
    expect(ids(selectBookRows(asm, generic).rows)).toEqual(['variant-edition']);
  });

  it("matches 'D.C. Comics' to 'DC Comics' and prefers the label's publisher when the guide has both", () => {
    const rows = [
      row('Ghost-Spider', 'Marvel Comics', '', 1, 'marvel'),
      row('Ghost-Spider', 'Panini Mexico', '', 1, 'panini'),
    ];
    const panini = queryKeys({
      title: 'Ghost-Spider',
      issueNumber: '2',
      publisher: 'Panini Mexico',
      variant: null,
      grade: 9.8,
    });
    expect(ids(selectBookRows(rows, panini).rows)).toEqual(['panini']);
    const dc = [row('Batman', 'DC Comics', '', 1, 'dc')];
    const label = queryKeys({
      title: 'Batman',
      issueNumber: '1',
      publisher: 'D.C. Comics',
      variant: null,
      grade: 9.8,
    });
    expect(ids(selectBookRows(dc, label).rows)).toEqual(['dc']);
    // An unread or unknown publisher does not stop a match.
    const unread = queryKeys({ title: 'Batman', issueNumber: '1', publisher: '', variant: null, grade: 9.8 });
    expect(ids(selectBookRows(dc, unread).rows)).toEqual(['dc']);
  });

  it('accepts a misread title by trigram similarity, but not another series', () => {
    const misread = queryKeys({
      title: 'Amazlng Spider-Man',
      issueNumber: '19',
      publisher: '',
      variant: null,
      grade: 9.8,
    });
    const candidates = asm.map((r) => ({ ...r, similarity: r.id === 'spectacular' ? 0.3 : 0.73 }));
    const result = selectBookRows(candidates, misread);
    expect(ids(result.rows)).toEqual(['regular']);
    expect(result.similarity).toBeCloseTo(0.73);
    const other = queryKeys({
      title: 'Spider-Verse',
      issueNumber: '1',
      publisher: '',
      variant: null,
      grade: 9.8,
    });
    expect(selectBookRows([row('Edge of Spider-Verse', 'Marvel', '', 0.62, 'edge')], other).rows).toEqual([]);
  });

  it("matches 'nn' books", () => {
    const keys = queryKeys({
      title: 'Female Force: Taylor Swift',
      issueNumber: 'NN',
      publisher: 'TidalWave',
      variant: 'Unknown Comics Metal Edition A',
      grade: 9.8,
    });
    expect(keys.issueKey).toBe('nn');
    const rows = [
      row('Female Force: Taylor Swift', 'TidalWave Comics', 'Unknown Comics Metal Edition A', 1, 'tswift'),
    ];
    expect(ids(selectBookRows(rows, keys).rows)).toEqual(['tswift']);
  });
});

describe('misread variant lines (recorded readings of dev photos)', () => {
  it("matches 'Yoong Variaat Ceve' to 'Young Variant Cover' but not to another artist", () => {
    const rows = [
      row('Spider-Boy', 'Marvel Comics', 'Young Variant Cover', 1, 'young'),
      row('Spider-Boy', 'Marvel Comics', 'Andrews Foil Edition', 1, 'andrews'),
      row('Spider-Boy', 'Marvel Comics', 'Vecchio Variant Cover', 1, 'vecchio'),
    ];
    const keys = queryKeys({
      title: 'Spider-Boy',
      issueNumber: '1',
      publisher: 'Marvel Comics',
      variant: 'Yoong Variaat Ceve',
      grade: 9.8,
    });
    expect(ids(selectBookRows(rows, keys).rows)).toEqual(['young']);
  });
  it('gives no match for an unreadable variant line rather than a guess', () => {
    const rows = [row('Wolverine', 'Marvel Comics', 'Gleason Variant Cover', 1, 'gleason')];
    const keys = queryKeys({
      title: 'Wolverine',
      issueNumber: '1',
      publisher: 'Mar Co o',
      variant: 'Chuen Raand Con',
      grade: 9.8,
    });
    expect(selectBookRows(rows, keys).rows).toEqual([]);
  });
});

describe('variantOverlap', () => {
  it('is the share of distinctive words, zero when only one is virgin', () => {
    expect(variantOverlap('krs comics b', 'krs comics b')).toBe(1);
    expect(variantOverlap('krs comics', 'krs comics foil')).toBeCloseTo(2 / 3);
    expect(variantOverlap('lau virgin', 'lau')).toBe(0);
  });
});
