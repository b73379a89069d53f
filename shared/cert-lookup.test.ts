import { describe, expect, it } from 'vitest';
import { certLookup, graderOfCert } from './cert-lookup.js';
import { certNumberProblem, normalizeCertNumber } from './schemas/comic.js';
import { GRADERS } from './label-reading.js';

describe('certLookup', () => {
  it('links CGC, CBCS and PGX numbers to their public lookups', () => {
    expect(certLookup('1234567001')).toEqual({
      grader: 'CGC',
      url: 'https://www.cgccomics.com/certlookup/1234567001/',
    });
    expect(certLookup(' 21-04d753b-004 ')).toEqual({
      grader: 'CBCS',
      url: 'https://www.cbcscomics.com/grading-notes/21-04D753B-004',
    });
    expect(certLookup('5012345')).toEqual({
      grader: 'PGX',
      url: 'https://www.pgxcomics.com/certverification/pgxlabel.aspx?CertNo=5012345',
    });
  });
  it('gives no link for numbers of no known format', () => {
    for (const cert of [null, '', 'abc', '12345', '12345678901', '1234567001<script>']) {
      expect(graderOfCert(cert)).toBeNull();
      expect(certLookup(cert)).toBeNull();
    }
  });
});

describe('the form and the certificate link agree', () => {
  // A number the form accepts for a grader is one the staff's link sends to that grader's lookup, and
  // a number the link gives to a grader is one the form accepts for it (docs/decisions/0010).
  const samples = [
    '12345',
    '123456',
    '5012345',
    '50123456',
    '447169300',
    '4471693001',
    '4471693-001',
    '12345678901',
    '21-2EC8B4A-002',
    '21-04d753b-004',
    'ABCDEFGHIJ',
  ];
  it.each(samples)('%s', (sample) => {
    const linked = graderOfCert(normalizeCertNumber(sample));
    for (const grader of GRADERS) {
      expect(certNumberProblem(sample, grader) === null, grader).toBe(linked === grader);
    }
  });
});
