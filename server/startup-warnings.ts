// Things the person starting the server should fix before sellers arrive, printed under the start-up
// banner. Warnings, not errors: a local trial run with the example values is fine.
import { DEFAULT_SITE_CONFIG, type SiteConfig } from '../shared/site-config.js';

/** One line per setting still at an example value that would mislead sellers. */
export function startupWarnings(site: Pick<SiteConfig, 'shipTo'>): string[] {
  const warnings: string[] = [];
  const example = DEFAULT_SITE_CONFIG.shipTo;
  // The street is the tell: the spec gives the city and ZIP, the street and unit are placeholders.
  if (site.shipTo.street === example.street && site.shipTo.unit === example.unit) {
    const address = [example.street, example.unit, example.city, `${example.state} ${example.zip}`].join(
      ', ',
    );
    warnings.push(
      `The ship-to address is still the example (${address}); sellers are told to ship their comics ` +
        'there. Set SHIP_TO_COMPANY, SHIP_TO_STREET, SHIP_TO_UNIT, SHIP_TO_CITY, SHIP_TO_STATE and SHIP_TO_ZIP.',
    );
  }
  return warnings;
}
