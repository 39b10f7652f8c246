export function LoadingPage() {
  return (
    <div className="loading-page" role="status" aria-live="polite">
      Loading...
    </div>
  );
}
