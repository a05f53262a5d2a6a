import type { NewPage } from '../../seed/tenants.ts';

/**
 * A studio's pages for the navigation's tests: home, about (with `about`'s fields over it), a
 * calendar page not published, the privacy policy and an external link to the blog.
 */
export function navigationPages(about: Partial<NewPage> = {}): NewPage[] {
  return [
    { name: 'home', title: 'Home', url: 'home', sequence: 1, isPublished: true, unhtml: '<p>hi</p>' },
    { name: 'about', title: 'About', url: 'about', sequence: 2, isPublished: true, ...about },
    { name: 'calendar', title: 'Calendar', url: 'calendar', sequence: 3, isPublished: false },
    { name: 'privacypolicy', title: 'Privacy Policy', url: 'privacypolicy', sequence: 4, isPublished: true },
    {
      name: 'blog',
      title: 'Blog',
      url: 'blog',
      sequence: 5,
      isPublished: true,
      isExternalLink: true,
      externalLink: 'blog.example.com',
    },
  ];
}
