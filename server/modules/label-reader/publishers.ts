// Publishers as grading labels print them. OCR of the small publisher line often loses a letter
// or two ("Image Co mies", "Dynamite Ente"); snapping to this list repairs that. Names not on the
// list are kept as read, so an unknown publisher is never forced onto a known one.
import { editDistance } from './label-parser.js';

/** Publisher names as printed on CGC/CBCS/PGX labels (imprints as "Image/Skybound"). */
export const KNOWN_PUBLISHERS: readonly string[] = [
  'Marvel Comics',
  'DC Comics',
  'Image Comics',
  'Image/Skybound',
  'Image/Top Cow',
  'Image/Mad Solar',
  'Image/Todd McFarlane Productions',
  'Dark Horse Comics',
  'IDW Publishing',
  'Boom! Studios',
  'Dynamite Entertainment',
  'Valiant',
  'Archie Comics',
  'Oni Press',
  'AfterShock Comics',
  'Titan Comics',
  'Mirage Studios',
  'Eclipse Comics',
  'Harvey Publications',
  'Dell Publishing Co.',
  'Gold Key',
  'Charlton Comics',
  'Atlas',
  'Timely',
  'EC Comics',
  'Fawcett Publications',
  'Quality Comics',
  'Fiction House',
  'Aspen MLT',
  'Zenescope Entertainment',
  'Vault Comics',
  'Mad Cave Studios',
  'Scout Comics',
  'Ablaze',
  'Bad Idea',
  'Counterpoint',
  'TidalWave Comics',
  'Panini Mexico',
  'Panini Comics',
  'Editorial Televisa',
  'Marvel/Epic Comics',
  'DC/Vertigo',
  'DC/Black Label',
  'Whatnot Publishing',
  'Massive Publishing',
  'Behemoth Comics',
  'Antarctic Press',
  'Keenspot',
  'Source Point Press',
  'ZQ Studios',
];

const key = (name: string) => name.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * The known publisher closest to `read` when at most a quarter of its letters differ ('close'),
 * otherwise `read` itself ('none'). A looser match was tried and dropped: it turned real but
 * unlisted publishers ("Ahoy Comics") into listed ones ("Archie Comics").
 */
export function snapPublisher(read: string): { publisher: string; match: 'close' | 'none' } {
  const readKey = key(read);
  if (readKey.length < 2) return { publisher: read, match: 'none' };
  let best: string | null = null;
  let bestRatio = Number.POSITIVE_INFINITY;
  for (const name of KNOWN_PUBLISHERS) {
    const nameKey = key(name);
    let distance = editDistance(readKey, nameKey);
    // A truncated line ("Dynamite Ente") matches the start of the name.
    if (readKey.length >= 6 && nameKey.startsWith(readKey)) distance = 0.5;
    const ratio = distance / nameKey.length;
    if (ratio < bestRatio) {
      bestRatio = ratio;
      best = name;
    }
  }
  if (best === null) return { publisher: read, match: 'none' };
  if (bestRatio <= 0.25) return { publisher: best, match: 'close' };
  return { publisher: read, match: 'none' };
}
