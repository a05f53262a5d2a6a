import { endPreview } from '../../features/session/preview-actions';

/** Shown above a previewed face: what is being previewed and the way back (spec 3 §2.6 Admin View). */
export function PreviewBar({ label }: { label: string }) {
  return (
    <section className="preview-bar" aria-label="Preview">
      <div className="preview-bar__inner">
        <strong>{label}</strong>
        <button type="button" className="atrium-button atrium-button--small" onClick={() => endPreview()}>
          Admin View
        </button>
      </div>
    </section>
  );
}
