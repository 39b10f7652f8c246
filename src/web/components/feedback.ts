/**
 * The spec's alerts are native `alert()` dialogs (SPEC §5, §8); screens also keep the last message on the
 * page (role="alert"/"status") so it stays readable after the dialog is dismissed.
 */
export function showAlert(message: string): void {
  window.alert(message);
}

export function confirmAction(message: string): boolean {
  return window.confirm(message);
}

/** Empty numeric inputs are sent as null so the server applies the spec's fallback (SPEC §5). */
export function numberOrNull(value: string): number | null {
  if (value.trim() === "") return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}
