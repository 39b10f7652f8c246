/**
 * Alerts the product names are native `alert()` dialogs (docs/product.md#screens-and-routes); screens also
 * keep the last message on the page (role="alert"/"status") so it stays readable after the dialog is
 * dismissed.
 */
export function showAlert(message: string): void {
  window.alert(message);
}

export function confirmAction(message: string): boolean {
  return window.confirm(message);
}

/**
 * Empty numeric inputs are sent as null so the server applies the field's fallback
 * (docs/product.md#room-types-and-rooms).
 */
export function numberOrNull(value: string): number | null {
  if (value.trim() === "") return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/** A rule's message (written to follow a field name, "to: the report window…") shown on its own. */
export function asSentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}
