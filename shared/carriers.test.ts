import { describe, expect, it } from 'vitest';
import { detectCarrier, identifyTrackingNumber, normalizeTrackingNumber, trackingUrl } from './carriers.js';

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

describe('identifyTrackingNumber: published example numbers pass their carrier check', () => {
  it.each([
    // UPS 1Z (mod 10 with letters)
    ['1Z5R89390357567127', 'UPS'],
    ['1Z879E930346834440', 'UPS'],
    ['1Z410E7W0392751591', 'UPS'],
    ['1Z8V92A70367203024', 'UPS'],
    ['1Z999AA10123456784', 'UPS'],
    // USPS IMpb 22 and 26 digits (mod 10), with and without the 420 ZIP routing prefix
    ['9400 1112 0108 0805 4830 16', 'USPS'],
    ['9505 5110 6960 5048 6006 24', 'USPS'],
    ['9361 2898 7870 0317 6337 95', 'USPS'],
    ['9101 1234 5678 9000 0000 13', 'USPS'],
    ['9405803699300124287899', 'USPS'],
    ['92748931507708513018050063', 'USPS'],
    ['420 22153 9101026837331000039521', 'USPS'],
    ['4201002334249200190132607600833457', 'USPS'],
    // USPS 20 digits (mod 10)
    ['0307 1790 0005 2348 3741', 'USPS'],
    ['7196 9010 7560 0307 7385', 'USPS'],
    ['7112 3456 7891 2345 6787', 'USPS'],
    // UPU S10 (mod 11)
    ['RB123456785US', 'USPS'],
    ['RB123456785GB', 'USPS'],
    // FedEx Express 12 (mod 11), Ground 15 and 22 (mod 10), SSCC-18, SmartPost
    ['986578788855', 'FedEx'],
    ['477179081230', 'FedEx'],
    ['799531274483', 'FedEx'],
    ['790535312317', 'FedEx'],
    ['974367662710', 'FedEx'],
    ['0414 4176 0228 964', 'FedEx'],
    ['5682 8361 0012 734', 'FedEx'],
    ['9611020987654312345672', 'FedEx'],
    ['00 0123 4500 0000 0027', 'FedEx'],
    ['61299998820821171811', 'FedEx'],
    // DHL Express (mod 7)
    ['3318810025', 'DHL'],
    ['8487135506', 'DHL'],
    ['1099255990', 'DHL'],
    ['3821724944', 'DHL'],
    ['73891051146', 'DHL'],
  ])('%s -> %s', (number, carrier) => {
    expect(identifyTrackingNumber(number)).toEqual({ carrier, check: 'valid', warning: null });
  });
});

describe('identifyTrackingNumber: a mistyped number is flagged for its carrier but keeps it', () => {
  it.each([
    ['1Z5R89390357567128', 'UPS'],
    ['1Z1111111111111111', 'UPS'],
    ['9400 1112 0108 0805 4830 17', 'USPS'],
    ['9505 5110 6960 5048 6006 25', 'USPS'],
    ['RB123456786US', 'USPS'],
    ['996578788855', 'FedEx'],
    ['5682 8361 0012 732', 'FedEx'],
    ['9600000000000000000001', 'FedEx'],
    ['3318810010', 'DHL'],
    ['3318810034', 'DHL'],
  ])('%s -> %s, flagged', (number, carrier) => {
    expect(identifyTrackingNumber(number)).toEqual({
      carrier,
      check: 'invalid',
      warning: `This doesn't look like a valid ${carrier} number`,
    });
  });
});

describe('identifyTrackingNumber: the spec patterns stay the floor', () => {
  it('formats without a published check digit keep the spec carrier, unchecked', () => {
    expect(identifyTrackingNumber('T1234567890')).toEqual({
      carrier: 'UPS',
      check: 'unchecked',
      warning: null,
    });
    expect(identifyTrackingNumber(digits('12', 18))).toMatchObject({ carrier: 'UPS', check: 'unchecked' });
    expect(identifyTrackingNumber('M1234567890')).toMatchObject({ carrier: 'USPS', check: 'unchecked' });
    expect(identifyTrackingNumber('JJD1234567')).toMatchObject({ carrier: 'DHL', check: 'unchecked' });
  });

  it('a 10-digit USPS number (82 + 8) that happens to pass DHL mod 7 stays USPS', () => {
    // 8200000000 % 7 -> the check below is built to pass mod 7; the bare length must not override the prefix.
    const body = '820000000';
    const number = body + String(Number(body) % 7);
    expect(identifyTrackingNumber(number).carrier).toBe('USPS');
  });

  it('whatever detectCarrier recognises still gets a carrier', () => {
    const samples = [
      '1Z999AA10123456784',
      'T1234567890',
      digits('5', 26),
      digits('12', 18),
      '123456789',
      digits('94', 20),
      digits('92', 22),
      '8212345678',
      digits('420', 30),
      digits('420', 32),
      digits('70', 22),
      'EC123456789US',
      'M1234567890',
      '123456789012',
      '123456789012345',
      digits('61', 20),
      digits('96', 22),
      'JJD1234567',
      '3123456789',
      '4123456789',
      '5123456789',
    ];
    for (const sample of samples) {
      expect(detectCarrier(sample), sample).not.toBeNull();
      expect(identifyTrackingNumber(sample).carrier, sample).not.toBeNull();
    }
  });

  it('nothing recognised, nothing confirmed: no carrier and no warning', () => {
    expect(identifyTrackingNumber('12345')).toEqual({ carrier: null, check: null, warning: null });
    expect(identifyTrackingNumber('')).toEqual({ carrier: null, check: null, warning: null });
    expect(identifyTrackingNumber('0307 1790 0005 2348 3742')).toEqual({
      carrier: null,
      check: null,
      warning: null,
    });
  });

  it('a 12-digit FedEx number starting with a USPS prefix is rescued by its check digit', () => {
    // 70 is a USPS prefix, so the spec names no carrier; FedEx's mod 11 names it.
    const body = '70123456789';
    const weights = [3, 1, 7];
    const sum = [...body].reduce((total, d, i) => total + Number(d) * (weights[i % 3] ?? 0), 0);
    const number = body + String((sum % 11) % 10);
    expect(detectCarrier(number)).toBeNull();
    expect(identifyTrackingNumber(number)).toEqual({ carrier: 'FedEx', check: 'valid', warning: null });
  });
});
