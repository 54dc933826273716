/** Why a form could not be sent, shown above its button and read out when it appears. */
export function FormError({ message }: { message: string | null }) {
  return message ? (
    <div role="alert" className="alert alert-error alert-soft mt-4">
      {message}
    </div>
  ) : null;
}
