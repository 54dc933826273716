import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

/**
 * A navbar icon that links to a page, named by `label` (which says the count), with a badge of the count beside
 * the icon; no badge where `badge` is null.
 */
export function BadgeLink({
  to,
  label,
  icon: Icon,
  badge,
}: {
  to: string;
  label: string;
  icon: LucideIcon;
  badge: string | number | null;
}) {
  return (
    <Link to={to} className="btn btn-ghost btn-circle" aria-label={label}>
      <span className="indicator">
        <Icon aria-hidden="true" />
        {badge === null ? null : (
          <span className="badge indicator-item badge-sm badge-secondary font-bold" aria-hidden="true">
            {badge}
          </span>
        )}
      </span>
    </Link>
  );
}
