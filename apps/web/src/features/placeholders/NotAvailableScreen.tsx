import { useSession } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';

/** Stands in for screens that later issues build, inside the face's own layout. */
export function NotAvailableScreen({ title }: { title: string }) {
  const { tenant } = useSession();
  useDocumentHead(tenant, title);
  return (
    <section className="atrium-placeholder" aria-labelledby="placeholder-title">
      <h1 id="placeholder-title" className="atrium-title">
        {title}
      </h1>
      <p className="atrium-dimmed">This part of Atrium is not available yet.</p>
    </section>
  );
}
