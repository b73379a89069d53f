import { siteConfig } from '../../lib/site-config';
import { ContactEmailLink } from './contact-email-link';
import { LegalPage, type LegalSection } from './legal-page';

const { businessName, storeBrand, shipTo } = siteConfig;

const sections: LegalSection[] = [
  {
    title: 'Acceptance of Terms',
    body: (
      <p>
        These Terms of Service govern your use of the {businessName} website and every sale of comics you make
        to us. By creating an account or submitting comics you agree to these terms. If you do not agree,
        please do not use the site.
      </p>
    ),
  },
  {
    title: 'Eligibility',
    body: (
      <p>
        You must be at least 18 years old and able to enter a binding contract to sell comics to us. You
        confirm that you own the comics you submit, or are authorised to sell them, and that they are free of
        any claim by others.
      </p>
    ),
  },
  {
    title: 'Selling Your Comics',
    body: (
      <p>
        You submit photos and details of your comics, and we may make a cash offer and a store-credit offer
        for each, or decline it. Offers are valid for the comics as described in your submission. You may
        accept or decline each offer individually; a sale is formed only for the comics you accept, subject to
        our inspection described below.
      </p>
    ),
  },
  {
    title: 'Graded Comics',
    body: (
      <p>
        We buy only comics graded by a recognised professional grading company, in their original, sealed
        holder (&ldquo;slab&rdquo;). Slabs that are cracked, opened, resealed or tampered with are not
        accepted at their graded value.
      </p>
    ),
  },
  {
    title: 'Shipping and Risk of Loss',
    body: (
      <p>
        You are responsible for packing and shipping accepted comics to us, and you bear the risk of loss or
        damage until the package is delivered to us. We recommend insuring high-value packages. Once we
        receive your package, we are responsible for its contents. Accepted comics must be shipped within 7
        days of acceptance, or we may cancel the submission.
      </p>
    ),
  },
  {
    title: 'Accuracy of Information',
    body: (
      <p>
        You agree that the photos and details you provide are accurate and complete, including the title,
        issue, grade and certification number. Information read automatically from your photos is a
        convenience; you remain responsible for checking and correcting it before you submit.
      </p>
    ),
  },
  {
    title: 'Inspection and Final Offer',
    body: (
      <p>
        Every comic is inspected on arrival. If a comic matches your submission, the offer you accepted
        stands. If it does not (for example a different grade, issue or certification number, or damage to the
        slab), we may adjust the offer. You may accept the adjusted final offer or have the comic returned as
        described in section 9.
      </p>
    ),
  },
  {
    title: 'Damaged or Counterfeit Items',
    body: (
      <p>
        We will not buy comics that are counterfeit, altered, stolen or in tampered holders. We may hold such
        items while we verify them with the grading company and, where required, report them to the
        authorities. Counterfeit or stolen items are not returned where the law forbids it.
      </p>
    ),
  },
  {
    title: 'Return of Rejected Items',
    body: (
      <p>
        Comics we reject after inspection, or whose adjusted offer you decline, are returned to you at your
        expense. We will ask you to pay return shipping before we send them. Items unclaimed for more than 30
        days after we notify you are considered abandoned and become our property.
      </p>
    ),
  },
  {
    title: 'Payment',
    body: (
      <p>
        We pay for accepted comics within 5 business days of your acceptance and our completed inspection,
        through an online payment service to the payment email on your account, or by check. Store credit is
        applied to your {storeBrand} account instead of cash where you chose it. You are responsible for
        keeping your payment details correct; we are not liable for payments sent to the details you provided.
      </p>
    ),
  },
  {
    title: 'Limitation of Liability',
    body: (
      <p>
        To the fullest extent the law allows, our total liability to you for any comic is limited to the final
        offer for that comic. We are not liable for indirect, incidental or consequential losses, including
        lost profits or loss of market value.
      </p>
    ),
  },
  {
    title: 'Indemnification',
    body: (
      <p>
        You agree to indemnify and hold harmless {businessName}, its owners and staff from any claim, loss or
        expense (including reasonable legal fees) arising from your breach of these terms, inaccurate
        information you provide, or your submission of comics you do not have the right to sell.
      </p>
    ),
  },
  {
    title: 'Governing Law and Arbitration',
    body: (
      <p>
        These terms are governed by the laws of the State of Florida, without regard to its conflict-of-law
        rules. Any dispute arising from these terms or a sale will be resolved by binding arbitration in
        Florida, on an individual basis, except that either party may bring a claim in small-claims court
        where it qualifies.
      </p>
    ),
  },
  {
    title: 'Contact Information',
    body: (
      <p>
        Questions about these terms? Email <ContactEmailLink /> or write to {shipTo.company}, {shipTo.street}
        {shipTo.unit ? `, ${shipTo.unit}` : ''}, {shipTo.city}, {shipTo.state} {shipTo.zip}.
      </p>
    ),
  },
];

/** The Terms of Service page (14 sections, spec section 2). */
export function TermsOfServicePage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <p>
          Please read these terms carefully. They explain how selling your graded comics to {businessName}{' '}
          works and the commitments we make to each other.
        </p>
      }
      sections={sections}
    />
  );
}
