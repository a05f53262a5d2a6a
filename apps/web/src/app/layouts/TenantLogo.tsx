import { logoHeight, withScheme } from '@atrium/contracts';
import { Link } from 'react-router';
import { useTenant } from '../../features/session/session-store';

/**
 * The tenant's logo (or name). `to` is the in-app home; on the public site an external web
 * state sends the logo to the tenant's own website (spec 1 "Public toolbar").
 */
export function TenantLogo({
  to,
  externalWhenWebsiteIsExternal = false,
}: {
  to: string;
  externalWhenWebsiteIsExternal?: boolean;
}) {
  const tenant = useTenant();
  const src = tenant.org.logo || tenant.smallLogo || tenant.logo;
  const content = src ? (
    <img
      src={src}
      alt={tenant.name}
      height={logoHeight(tenant.org.logoHeight)}
      style={{ '--brand-logo-height': `${logoHeight(tenant.org.logoHeight)}px` } as React.CSSProperties}
    />
  ) : (
    <span>{tenant.name}</span>
  );
  const externalHome = tenant.website || tenant.homepage;
  if (externalWhenWebsiteIsExternal && tenant.webstate === 'ext_website' && externalHome) {
    return (
      <a className="atrium-logo" href={withScheme(externalHome)} aria-label={`${tenant.name} home`}>
        {content}
      </a>
    );
  }
  return (
    <Link className="atrium-logo" to={to} aria-label={`${tenant.name} home`}>
      {content}
    </Link>
  );
}
