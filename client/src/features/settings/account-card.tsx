import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import type { CurrentUser } from '../auth/current-user';
import { roleLabel } from './role-label';

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-semibold text-slate-600">{label}</dt>
      <dd className="text-slate-900 sm:col-span-2">{value?.trim() || 'Not provided'}</dd>
    </div>
  );
}

/** Read-only account details (spec: Settings): email, role ('Seller' or 'Staff'), first and last name. */
export function AccountCard({ user }: { user: CurrentUser }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Account Information</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-slate-200">
          <Row label="Email" value={user.email} />
          <Row label="Role" value={roleLabel(user.role)} />
          <Row label="First Name" value={user.firstName} />
          <Row label="Last Name" value={user.lastName} />
        </dl>
      </CardContent>
    </Card>
  );
}
