/**
 * A spinner people and screen readers can see: role status with a label (Playwright:
 * getByRole('status', { name })). Plain CSS, so it costs nothing before Mantine loads.
 */
export function Busy({ label = 'Loading', fullPage = false }: { label?: string; fullPage?: boolean }) {
  return (
    <div role="status" aria-label={label} className={fullPage ? 'atrium-busy atrium-busy--page' : 'atrium-busy'}>
      <span className="atrium-spinner" aria-hidden="true" />
    </div>
  );
}
