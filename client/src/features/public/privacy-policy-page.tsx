import { siteConfig } from '../../lib/site-config';
import { ContactEmailLink } from './contact-email-link';
import { LegalPage, type LegalSection } from './legal-page';

const { businessName, storeBrand, shipTo } = siteConfig;

const sections: LegalSection[] = [
  {
    title: 'Introduction',
    body: (
      <p>
        This Privacy Policy explains how {businessName} (&ldquo;we&rdquo;, &ldquo;us&rdquo;) collects, uses
        and protects your personal information when you visit our website or sell comics to us. By using the
        site you agree to the practices described here.
      </p>
    ),
  },
  {
    title: 'Information We Collect',
    body: (
      <>
        <p>We collect only what we need to buy your comics and pay you:</p>
        <ul>
          <li>Account details: your name, email address and sign-in identifiers.</li>
          <li>
            Payment details: the email address of your online payment account and, if you choose store credit,
            your {storeBrand} email.
          </li>
          <li>
            Submission details: photos of your comics and the information on them (title, issue, grade,
            certification number), offers, your responses and shipment tracking numbers.
          </li>
          <li>
            Technical data: your browser type, device information and log data needed to keep the site secure
            and working.
          </li>
        </ul>
      </>
    ),
  },
  {
    title: 'How We Use Your Information',
    body: (
      <ul>
        <li>To review and value your comics and send you offers.</li>
        <li>To receive your shipment, pay you or apply store credit.</li>
        <li>To contact you about your submissions and answer your questions.</li>
        <li>To prevent fraud, verify certified grades and protect our customers and business.</li>
        <li>To meet our legal, tax and accounting obligations.</li>
      </ul>
    ),
  },
  {
    title: 'How We Share Your Information',
    body: (
      <>
        <p>
          <strong>We do not sell your personal information.</strong> We share it only with service providers
          that help us run the business (hosting, payment processing, shipping and email), who may use it only
          to provide those services to us; with grading companies when we need to verify a certification; and
          with authorities where the law requires it.
        </p>
      </>
    ),
  },
  {
    title: 'Cookies',
    body: (
      <p>
        We use a small number of essential cookies to keep you signed in and to protect your session. We do
        not use advertising or cross-site tracking cookies. You can block cookies in your browser, but you
        will not be able to sign in or submit comics without them.
      </p>
    ),
  },
  {
    title: 'Data Security',
    body: (
      <p>
        We protect your information with encrypted connections, access limited to the staff who need it, and
        secure sign-in. No system is perfectly secure, so please keep your account credentials private and
        tell us at once if you suspect misuse.
      </p>
    ),
  },
  {
    title: 'Data Retention',
    body: (
      <p>
        We keep submission and payment records for as long as needed to complete your sales and to meet our
        legal, tax and accounting obligations. Photos of comics we did not buy are deleted when they are no
        longer needed.
      </p>
    ),
  },
  {
    title: 'Your Rights and Choices',
    body: (
      <p>
        You can view and update your payment and store emails in your account settings at any time. You may
        ask us for a copy of your information, to correct it, or to delete it where we are not required to
        keep it, by writing to <ContactEmailLink />.
      </p>
    ),
  },
  {
    title: "Children's Privacy",
    body: (
      <p>
        Our site is not intended for children under 13, and we do not knowingly collect information from them.
        If you believe a child has given us personal information, contact us and we will delete it. Selling
        comics to us requires that you are at least 18 years old.
      </p>
    ),
  },
  {
    title: 'Changes to This Policy',
    body: (
      <p>
        We may update this policy from time to time. We will post the new version on this page with a new
        &ldquo;Last updated&rdquo; date, and tell you about significant changes by email or on the site.
      </p>
    ),
  },
  {
    title: 'Contact Us',
    body: (
      <p>
        Questions about this policy or your information? Email <ContactEmailLink /> or write to{' '}
        {shipTo.company}, {shipTo.street}
        {shipTo.unit ? `, ${shipTo.unit}` : ''}, {shipTo.city}, {shipTo.state} {shipTo.zip}.
      </p>
    ),
  },
];

/** The Privacy Policy page (11 sections, spec section 2). */
export function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          Your privacy matters to us. This policy describes what we collect, why, and the choices you have.
        </p>
      }
      sections={sections}
    />
  );
}
