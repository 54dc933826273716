/** The spec's status badge: 'pending' in red, anything else 'complete' in green. */
export function StatusBadge({ status }: { status: string }) {
  return status === 'pending' ? (
    <span className="badge badge-error text-error-content">pending</span>
  ) : (
    <span className="badge badge-success text-success-content">complete</span>
  );
}
