import { describe, expect, it } from 'vitest';
import { detectCarrier, normalizeTrackingNumber, trackingUrl } from './carriers.js';

const digits = (prefix: string, total: number): string =>
  prefix + '1234567890'.repeat(4).slice(0, total - prefix.length);

describe('detectCarrier: one example per spec rule', () => {
  it.each([
    // UPS
    ['1Z + 16 alphanumerics', '1Z999AA10123456784', 'UPS'],
    ['T + 10 digits', 'T1234567890', 'UPS'],
    ['26 digits', digits('5', 26), 'UPS'],
    ['18 digits not starting 94/92', digits('12', 18), 'UPS'],
    ['9 digits starting 1', '123456789', 'UPS'],
    // USPS
    ['94 + 18 digits', digits('94', 20), 'USPS'],
    ['94 + 20 digits', '9400111899223856928499', 'USPS'],
    ['92 + 18 digits', digits('92', 20), 'USPS'],
    ['92 + 20 digits', digits('92', 22), 'USPS'],
    ['82 + 8 digits', '8212345678', 'USPS'],
    ['420 + 27 digits', digits('420', 30), 'USPS'],
    ['420 + 29 digits', digits('420', 32), 'USPS'],
    ['70 + 20 digits', digits('70', 22), 'USPS'],
    ['14 + 20 digits', digits('14', 22), 'USPS'],
    ['23 + 20 digits', digits('23', 22), 'USPS'],
    ['03 + 20 digits', digits('03', 22), 'USPS'],
    ['two letters + 9 digits + two letters', 'EC123456789US', 'USPS'],
    ['M + 10 digits', 'M1234567890', 'USPS'],
    ['RA + 9 digits + US', 'RA123456789US', 'USPS'],
    // FedEx
    ['12 digits', '123456789012', 'FedEx'],
    ['15 digits', '123456789012345', 'FedEx'],
    ['20 digits', digits('61', 20), 'FedEx'],
    ['22 digits', digits('96', 22), 'FedEx'],
    // DHL
    ['three letters + 7 digits', 'JJD1234567', 'DHL'],
    ['10 digits starting 3', '3123456789', 'DHL'],
    ['10 digits starting 4', '4123456789', 'DHL'],
    ['10 digits starting 5', '5123456789', 'DHL'],
  ])('%s: %s -> %s', (_rule, number, carrier) => {
    expect(detectCarrier(number)).toBe(carrier);
  });
});

describe('detectCarrier: overlaps and edges', () => {
  it.each([
    // UPS's 18-digit rule excludes 94/92, and USPS's 94/92 numbers are 20 or 22 long: no carrier.
    ['18 digits starting 94', digits('94', 18), null],
    ['18 digits starting 92', digits('92', 18), null],
    // 18 digits starting 93 is not excluded from UPS.
    ['18 digits starting 93', digits('93', 18), 'UPS'],
    // FedEx lengths starting with a USPS prefix are never FedEx, whatever their length.
    ['12 digits starting 94', digits('94', 12), null],
    ['15 digits starting 92', digits('92', 15), null],
    ['12 digits starting 70', digits('70', 12), null],
    ['20 digits starting 70 (USPS wants 22)', digits('70', 20), null],
    ['22 digits starting 82', digits('82', 22), null],
    ['22 digits starting 420', digits('420', 22), null],
    ['15 digits starting 03', digits('03', 15), null],
    ['12 digits starting 42 (not 420)', digits('42', 12), 'FedEx'],
    ['12 digits starting 9 but not 94/92', digits('96', 12), 'FedEx'],
    // 20 and 22 digits: USPS by prefix, FedEx otherwise.
    ['20 digits starting 94', digits('94', 20), 'USPS'],
    ['22 digits starting 70', digits('70', 22), 'USPS'],
    ['22 digits starting 61', digits('61', 22), 'FedEx'],
    // 10 digits: DHL only for 3/4/5; 82 + 8 is USPS; others nothing.
    ['10 digits starting 82', '8212345678', 'USPS'],
    ['10 digits starting 1', '1123456789', null],
    ['10 digits starting 6', '6123456789', null],
    // 9 digits: UPS only when starting 1.
    ['9 digits starting 2', '223456789', null],
    // Letters: 1Z needs exactly 16 after it; T and M need exactly 10 digits.
    ['1Z + 15', '1Z999AA1012345678', null],
    ['T + 9 digits', 'T123456789', null],
    ['M + 9 digits', 'M123456789', null],
    ['two letters + 9 digits + one letter', 'EC123456789U', null],
    ['four letters + 7 digits', 'JJDD1234567', null],
    ['26 digits starting 94 is UPS (no exclusion on that rule)', digits('94', 26), 'UPS'],
    ['other lengths', '12345', null],
    ['blank', '   ', null],
    ['empty', '', null],
    ['dashes are not removed', '1Z-999AA10123456784', null],
  ])('%s: %j -> %s', (_case, number, carrier) => {
    expect(detectCarrier(number)).toBe(carrier);
  });

  it('ignores whitespace and case', () => {
    expect(detectCarrier(' 1z 999 aa1 0123 456 784 ')).toBe('UPS');
    expect(detectCarrier('9400 1118 9922 3856 9284 99')).toBe('USPS');
    expect(detectCarrier('ra123456789us')).toBe('USPS');
    expect(detectCarrier('jjd 1234567')).toBe('DHL');
    expect(detectCarrier('1234 5678 9012\t')).toBe('FedEx');
  });
});

describe('normalizeTrackingNumber', () => {
  it('removes all whitespace and upper-cases', () => {
    expect(normalizeTrackingNumber(' 1z 999\taa1\n0 ')).toBe('1Z999AA10');
  });
});

describe('trackingUrl', () => {
  it.each([
    ['UPS', '1Z999AA10123456784', 'https://www.ups.com/track?tracknum=1Z999AA10123456784'],
    ['FedEx', '123456789012', 'https://www.fedex.com/fedextrack/?trknbr=123456789012'],
    [
      'USPS',
      '9400111899223856928499',
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223856928499',
    ],
    [
      'DHL',
      '3123456789',
      'https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=3123456789',
    ],
  ])('%s links to its tracking page', (carrier, number, url) => {
    expect(trackingUrl(carrier, number)).toBe(url);
  });

  it('normalises and encodes the number', () => {
    expect(trackingUrl('UPS', ' 1z 999 ')).toBe('https://www.ups.com/track?tracknum=1Z999');
    expect(trackingUrl('FedEx', 'A&B#1')).toBe('https://www.fedex.com/fedextrack/?trknbr=A%26B%231');
  });

  it("has no link for 'Other', unknown carriers, missing carriers or blank numbers", () => {
    expect(trackingUrl('Other', '123456789012')).toBeNull();
    expect(trackingUrl('OnTrac', '123456789012')).toBeNull();
    expect(trackingUrl('toString', '123456789012')).toBeNull();
    expect(trackingUrl(null, '123456789012')).toBeNull();
    expect(trackingUrl('UPS', '  ')).toBeNull();
    expect(trackingUrl('UPS', null)).toBeNull();
  });
});
