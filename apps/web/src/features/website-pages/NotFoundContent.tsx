import { Link } from 'react-router';
import { useSession } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';

/** Spec 1 / spec 3 §2.2 page-not-found content, also the app's 404 page. */
export function NotFoundContent() {
  const { tenant } = useSession();
  useDocumentHead(tenant, 'Page Not Found');
  return (
    <section className="atrium-not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title" className="atrium-title">
        404 Page Not Found
      </h1>
      <p>The page you are looking for does not exist.</p>
      <Link className="atrium-button" to="/">
        Go to Home Page
      </Link>
    </section>
  );
}
