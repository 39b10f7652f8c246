/**
 * The one way a screen shows a refusal or failure: a paragraph where it happened, announced at once to
 * screen readers (role="alert"). Renders nothing without a message. Pass `error?.message` for a query or
 * mutation error. Its partner for success is FormSuccess.
 */
export function FormError({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}
