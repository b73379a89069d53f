import type { SiteConfig } from '../../../../shared/site-config.js';

/** The dealer's shipping address as label/value rows. */
export function shipToRows(site: SiteConfig): Array<[string, string]> {
  const { shipTo } = site;
  const street = shipTo.unit.trim() ? `${shipTo.street}, ${shipTo.unit}` : shipTo.street;
  return [
    ['Ship to', shipTo.company],
    ['Street', street],
    ['City', `${shipTo.city}, ${shipTo.state} ${shipTo.zip}`],
  ];
}
