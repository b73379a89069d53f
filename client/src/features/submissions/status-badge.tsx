import type { ComponentType, SVGProps } from 'react';
import {
  AlertTriangle,
  Ban,
  CircleAlert,
  CircleCheck,
  CircleDollarSign,
  CircleHelp,
  CircleX,
  Clock,
  Package,
  Search,
  Truck,
} from 'lucide-react';
import { submissionStatusBadge, type BadgeTone } from '../../../../shared/status-labels';
import { Badge, type BadgeVariant } from '../../ui/badge';

const TONE_VARIANTS: Record<BadgeTone, BadgeVariant> = {
  grey: 'neutral',
  amber: 'warning',
  orange: 'warning',
  blue: 'info',
  indigo: 'info',
  purple: 'info',
  green: 'success',
  red: 'danger',
};

const STATUS_ICONS: Record<string, ComponentType<SVGProps<SVGSVGElement>>> = {
  awaiting_review: Clock,
  pending: CircleAlert,
  awaiting_shipment: Package,
  shipped: Truck,
  inspecting_submission: Search,
  dispute: AlertTriangle,
  resolved: CircleCheck,
  paid: CircleDollarSign,
  declined: CircleX,
  cancelled: Ban,
};

/** A submission's status as the seller sees it: an icon and the badge with the spec's seller label. */
export function SubmissionStatusBadge({ status }: { status: string }) {
  const badge = submissionStatusBadge(status, 'seller');
  const Icon = STATUS_ICONS[status] ?? CircleHelp;
  return (
    <Badge variant={TONE_VARIANTS[badge.tone]} size="lg" data-testid="submission-status">
      <Icon className="size-4" aria-hidden="true" />
      {badge.label}
    </Badge>
  );
}
