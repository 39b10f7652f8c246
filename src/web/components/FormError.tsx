/** A refusal or failure shown where it happened, announced to screen readers (role="alert"). */
export function FormError({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}
