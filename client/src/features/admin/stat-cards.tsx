import { CheckCircle2, Clock, DollarSign, Inbox } from 'lucide-react';
import { formatWholeUsd } from '../../../../shared/money';
import { ADMIN_STATS_DEFAULTS } from '../../../../shared/schemas/admin-stats';
import { Card } from '../../ui/card';
import { useAdminStats } from './admin-api';

/** The dashboard's four stat cards (spec section 2), computed on the server. */
export function StatCards() {
  const { data = ADMIN_STATS_DEFAULTS } = useAdminStats();
  const cards = [
    { label: 'Pending Reviews', value: data.pending.toLocaleString('en-US'), icon: Inbox },
    { label: 'Approved This Week', value: data.approved.toLocaleString('en-US'), icon: CheckCircle2 },
    { label: 'Total Offers Made', value: formatWholeUsd(data.totalValueCents), icon: DollarSign },
    { label: 'Avg Response Time', value: data.avgResponseTime, icon: Clock },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Statistics">
      {cards.map(({ label, value, icon: Icon }) => (
        <li key={label}>
          <Card className="flex h-full items-center gap-3 p-4">
            <Icon className="hidden size-8 shrink-0 text-red-600 sm:block" aria-hidden="true" />
            <div className="min-w-0">
              <p className="text-sm text-slate-600">{label}</p>
              <p className="text-2xl font-bold text-slate-950">{value}</p>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
