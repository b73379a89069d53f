import { paymentEmailSchema, storeEmailSchema } from '../../../../shared/schemas/user-emails';
import { useDocumentTitle } from '../../app/use-document-title';
import { PageLoading } from '../../app/page-loading';
import { siteConfig } from '../../lib/site-config';
import { buttonClasses } from '../../ui/button';
import { loginUrl, useCurrentUser } from '../auth/current-user';
import { AccountCard } from './account-card';
import { EmailCard } from './email-card';
import { MailPreferencesCard } from './mail-preferences-card';
import { storeEmailFieldName, storeEmailOf, storeEmailPath } from '../../../../shared/store-email-field';

/** /settings: the account card and the two editable emails (spec section 2, Settings). */
export function SettingsPage() {
  useDocumentTitle('Account Settings');
  const { user, isLoading } = useCurrentUser();
  const brand = siteConfig.storeBrand;

  if (isLoading) return <PageLoading />;
  if (!user) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:px-6">
        <h1 className="text-3xl font-extrabold text-slate-950">Sign In Required</h1>
        <p className="mt-3 text-slate-700">Please sign in to view and update your account settings.</p>
        <a href={loginUrl('/settings')} className={`${buttonClasses('primary')} mt-8`}>
          Sign In
        </a>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-extrabold text-slate-950">Account Settings</h1>
      <p className="mt-2 text-slate-700">Your account details and where your payouts go.</p>
      <div className="mt-8 grid gap-6">
        <AccountCard user={user} />
        <EmailCard
          // Keyed by the saved value so the field shows it again after a refetch.
          key={`payment:${user.paymentEmail ?? ''}`}
          title="Payment Email"
          description="Cash offers are paid to this PayPal email address."
          label="PayPal Email"
          current={user.paymentEmail ?? null}
          schema={paymentEmailSchema}
          path="/api/user/payment-email"
          field="paymentEmail"
          successTitle="Payment Email Updated"
          successDescription="Your payment email has been saved."
          failureMessage="Failed to update payment email. Please try again."
        />
        <EmailCard
          key={`store:${storeEmailOf(user, brand) ?? ''}`}
          title={`${brand} Email`}
          description={`Store credit is applied to your ${brand} account with this email.`}
          label={`${brand} Email`}
          current={storeEmailOf(user, brand)}
          schema={storeEmailSchema(brand)}
          path={storeEmailPath(brand)}
          field={storeEmailFieldName(brand)}
          successTitle={`${brand} Email Updated`}
          successDescription={`Your ${brand} email has been saved.`}
          failureMessage={`Failed to update ${brand} email. Please try again.`}
        />
        <MailPreferencesCard />
      </div>
    </div>
  );
}
