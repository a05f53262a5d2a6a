import { footerLinks } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { makePage, makeTenant } from '../../test/fixtures';

describe('footer links', () => {
  it('lists footer pages and legal pages separately, with the tenant legal links', () => {
    const tenant = makeTenant({
      web: {
        pages: [
          makePage('home', { isShowFooter: true }),
          makePage('about', { isShowFooter: true }),
          makePage('calendar', { isShowFooter: false }),
          makePage('blog', { isShowFooter: true, isExternalLink: true, externalLink: 'blog.example.com' }),
          makePage('termsofservice', { title: 'Terms of Service', isLegal: true, isShowFooter: true }),
        ],
      },
      privacyPolicyLink: 'example.com/privacy',
      termsOfServiceLink: null,
    });
    const { pages, legal } = footerLinks(tenant);
    expect(pages).toEqual([
      { title: 'Home', url: '/', external: false },
      { title: 'Blog', url: 'http://blog.example.com', external: true },
      { title: 'About', url: '/about', external: false },
    ]);
    expect(legal).toEqual([
      { title: 'Terms of Service', url: '/termsofservice', external: false },
      { title: 'Privacy Policy', url: 'http://example.com/privacy', external: true },
    ]);
  });

  it('lets a tenant legal link replace the page of the same title', () => {
    const tenant = makeTenant({
      web: { pages: [makePage('privacypolicy', { title: 'Privacy Policy', isLegal: true })] },
      privacyPolicyLink: 'https://example.com/privacy',
    });
    expect(footerLinks(tenant).legal).toEqual([
      { title: 'Privacy Policy', url: 'https://example.com/privacy', external: true },
    ]);
  });
});
