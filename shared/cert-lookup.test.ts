import { describe, expect, it } from 'vitest';
import { certLookup, graderOfCert } from './cert-lookup.js';

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
