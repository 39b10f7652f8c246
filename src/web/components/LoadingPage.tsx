import { Trans } from "@lingui/react/macro";

export function LoadingPage() {
  return (
    <div className="loading-page" role="status" aria-live="polite">
      <Trans>Loading...</Trans>
    </div>
  );
}
