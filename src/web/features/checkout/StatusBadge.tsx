/** The spec's status badge: 'pending' in red, anything else 'complete' in green. */
export function StatusBadge({ status }: { status: string }) {
  return status === 'pending' ? (
    <span className="badge border-red-700 bg-red-700 font-semibold text-white">pending</span>
  ) : (
    <span className="badge border-green-700 bg-green-700 font-semibold text-white">complete</span>
  );
}
