import { ROLE_PERMISSION_LABELS, type RolePermission } from '@atrium/contracts';
import { Link } from 'react-router';
import { useSession } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';

/** A staff screen the user's role may not manage (spec 2 §6 "Screens are allowed per permission"). */
export function NoPermissionScreen({ permission, reason }: { permission?: RolePermission; reason?: string }) {
  const { tenant } = useSession();
  useDocumentHead(tenant, 'Access denied');
  return (
    <section className="atrium-placeholder" aria-labelledby="no-permission-title">
      <h1 id="no-permission-title" className="atrium-title">
        Access denied
      </h1>
      <p className="atrium-dimmed" role="alert">
        {permission
          ? `Your role does not have the '${ROLE_PERMISSION_LABELS[permission]}' permission. An administrator can change this in Settings, Roles.`
          : `${reason ?? ''} Your role cannot open this screen.`}
      </p>
      <Link to="/dashboard">Go to the dashboard</Link>
    </section>
  );
}
