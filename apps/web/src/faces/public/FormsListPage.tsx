import { Link } from 'react-router';
import { useTenant } from '../../features/session/session-store';
import { useDocumentHead } from '../../features/tenant/tenant-head';

/** /forms: the tenant's public registration forms (the menu shows them as a group). */
export default function FormsListPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Forms');
  return (
    <section aria-labelledby="forms-title">
      <h1 id="forms-title" className="atrium-title">
        Forms
      </h1>
      {tenant.forms.length === 0 ? (
        <p className="atrium-dimmed">There are no public forms yet.</p>
      ) : (
        <ul>
          {tenant.forms.map((form) => (
            <li key={form.guId}>
              <Link to={`/regform/${form.guId}`}>{form.name}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
