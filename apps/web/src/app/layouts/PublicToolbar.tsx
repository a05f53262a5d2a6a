import { IconMail, IconPhone, IconShoppingCart } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { endPreview } from '../../features/session/preview-actions';
import { useSession, useTenant } from '../../features/session/session-store';
import { useCartCount } from '../../features/shop/cart-count';

/** Spec 1 public toolbar: tenant phone (if present), email link, Login button. */
export function PublicToolbar() {
  const tenant = useTenant();
  const { user } = useSession();
  const navigate = useNavigate();
  // On the login page itself the form's Login button is the only one (one 'Login' button per page).
  const { pathname } = useLocation();
  const onLoginPage = pathname === '/login';
  const inCart = useCartCount();
  return (
    <div className="public-toolbar">
      <div className="public-toolbar__inner">
        <div className="public-toolbar__contact">
          {tenant.phone ? (
            <a className="atrium-link" href={`tel:${tenant.phone}`}>
              <IconPhone size={16} aria-hidden />
              {tenant.phone}
            </a>
          ) : null}
          {tenant.email ? (
            <a className="atrium-link" href={`mailto:${tenant.email}`}>
              <IconMail size={16} aria-hidden />
              {tenant.email}
            </a>
          ) : null}
        </div>
        {inCart > 0 && pathname !== '/checkout' && pathname !== '/checkout/register' ? (
          <Link className="atrium-link public-toolbar__cart" to="/checkout">
            <IconShoppingCart size={16} aria-hidden />
            Cart ({inCart})
          </Link>
        ) : null}
        {onLoginPage ? null : (
          <button
            type="button"
            className="atrium-button atrium-button--light"
            onClick={() => {
              // In Web Preview the staff user is already signed in: Login just ends the preview.
              if (user) endPreview();
              else navigate('/login');
            }}
          >
            Login
          </button>
        )}
      </div>
    </div>
  );
}
