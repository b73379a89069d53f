import { siteConfig } from '../../lib/site-config';

/** The configured contact email as a mailto link, for prose on the public pages. */
export function ContactEmailLink() {
  return (
    <a
      href={`mailto:${siteConfig.contactEmail}`}
      className="font-semibold text-red-700 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-blue-600"
    >
      {siteConfig.contactEmail}
    </a>
  );
}
