import { type FooterLink, footerLinks, PLATFORM_VERSION, withScheme } from '@atrium/contracts';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandX,
  IconMail,
  IconMapPin,
  IconPhone,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession, useTenant } from '../../features/session/session-store';
import { formatDateTime } from '../../lib/format';

const SOCIAL_ICONS = {
  facebook: IconBrandFacebook,
  linkedin: IconBrandLinkedin,
  instagram: IconBrandInstagram,
  twitter: IconBrandX,
} as const;

function FooterAnchor({ link }: { link: FooterLink }) {
  return link.external ? (
    <a className="atrium-link" href={link.url} target="_blank" rel="noopener noreferrer">
      {link.title}
    </a>
  ) : (
    <Link className="atrium-link" to={link.url}>
      {link.title}
    </Link>
  );
}

function LinkColumn({ heading, links }: { heading: string; links: FooterLink[] }) {
  if (links.length === 0) return null;
  return (
    <nav aria-label={heading}>
      <h2 className="atrium-footer__heading">{heading}</h2>
      <ul className="atrium-footer__list">
        {links.map((link) => (
          <li key={`${link.title}-${link.url}`}>
            <FooterAnchor link={link} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Spec 3 §2.6 footer. The org's isShowFooter hides the columns; the bottom line always shows. The
 * platform's version is for the studio's staff only (issue 29 "Words"): a visitor or a member
 * would read it as the studio's, and a 2022 date as a site left alone.
 */
export function Footer({ showVersion = false }: { showVersion?: boolean }) {
  const tenant = useTenant();
  const { user, lastAccountActivity } = useSession();
  const { pages, legal } = footerLinks(tenant);
  const socials = tenant.socials.filter((social) => social.value.trim() !== '');
  return (
    <footer className="atrium-footer">
      {tenant.org.isShowFooter ? (
        <div className="atrium-footer__inner">
          <div>
            <h2 className="atrium-footer__heading">{tenant.name}</h2>
            {tenant.org.footerInfo ? <p style={{ margin: 0 }}>{tenant.org.footerInfo}</p> : null}
          </div>
          <LinkColumn heading="Pages" links={pages} />
          <LinkColumn heading="Legal" links={legal} />
          {socials.length > 0 ? (
            <div>
              <h2 className="atrium-footer__heading">Follow Us</h2>
              <div className="atrium-footer__socials">
                {socials.map((social) => {
                  const Icon = SOCIAL_ICONS[social.name];
                  return (
                    <a
                      key={social.name}
                      className="atrium-link"
                      href={withScheme(social.value)}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={social.name}
                    >
                      <Icon size={22} aria-hidden />
                    </a>
                  );
                })}
              </div>
            </div>
          ) : null}
          {tenant.phone || tenant.email || tenant.address.line1 ? (
            <div>
              <h2 className="atrium-footer__heading">Contact us</h2>
              <ul className="atrium-footer__list">
                {tenant.phone ? (
                  <li>
                    <a className="atrium-link" href={`tel:${tenant.phone}`}>
                      <IconPhone size={14} aria-hidden /> {tenant.phone}
                    </a>
                  </li>
                ) : null}
                {tenant.email ? (
                  <li>
                    <a className="atrium-link" href={`mailto:${tenant.email}`}>
                      <IconMail size={14} aria-hidden /> {tenant.email}
                    </a>
                  </li>
                ) : null}
                {tenant.address.line1 ? (
                  <li>
                    <IconMapPin size={14} aria-hidden /> {tenant.address.line1}
                  </li>
                ) : null}
              </ul>
            </div>
          ) : null}
        </div>
      ) : null}
      <div className="atrium-footer__bottom">
        {showVersion ? <span>{PLATFORM_VERSION}</span> : null}
        <span>
          © {new Date().getFullYear()} {tenant.name}. All rights reserved.
        </span>
        {user && lastAccountActivity ? (
          <span>Last account activity: {formatDateTime(lastAccountActivity, tenant.timezone)}</span>
        ) : null}
      </div>
    </footer>
  );
}
