/** The spec's status badge: 'pending' in red, 'complete' in green; an order every shop cancelled says so. */
export function StatusBadge({ status }: { status: string }) {
  if (status === 'pending') {
    return <span className="badge border-red-700 bg-red-700 font-semibold text-white">pending</span>;
  }
  if (status === 'cancelled') {
    return <span className="badge border-base-content/70 bg-base-300 font-semibold text-base-content">cancelled</span>;
  }
  return <span className="badge border-green-700 bg-green-700 font-semibold text-white">complete</span>;
}
