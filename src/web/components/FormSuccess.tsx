/**
 * The one way a screen confirms that a change was saved: a polite live region (role="status"), kept in the
 * page even while empty so screen readers announce the text when it appears. Its partner for failures is
 * FormError. Native alerts stay only where the product names one (Settings' "Saved",
 * docs/product.md#screens-and-routes).
 */
export function FormSuccess({ message }: { message: string | null | undefined }) {
  return (
    <p className="form-status" role="status">
      {message || null}
    </p>
  );
}
