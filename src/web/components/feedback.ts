/**
 * Only for the alerts the product names (docs/product.md#screens-and-routes): "Saved", "Check-out must be
 * after check-in" and "Room not available for selected dates."; screens also keep the message on the page
 * (role="alert"/"status") so it stays readable after the dialog is dismissed. Every other outcome is a
 * notice (notices.tsx).
 */
export function showAlert(message: string): void {
  window.alert(message);
}

/**
 * Only for the prompt the product names, "Delete reservation?" before a cancellation; every other question
 * is asked in the page (ConfirmDialog.tsx).
 */
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
