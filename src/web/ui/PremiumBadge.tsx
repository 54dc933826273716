import { Award } from 'lucide-react';

/** The gold badge of a shop with the premium membership. */
export function PremiumBadge({ className = '' }: { className?: string }) {
  return (
    <span className={`badge badge-sm gap-1 border-amber-500 bg-amber-100 font-semibold text-amber-900 ${className}`}>
      <Award size={14} aria-hidden="true" /> Premium shop
    </span>
  );
}
