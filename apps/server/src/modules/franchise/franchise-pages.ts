import { standardListingPages } from '../../seed/demo-pages.ts';
import type { NewPage } from '../../seed/tenants.ts';

/**
 * The website a new franchise starts with, as the demo seed builds one: a published home page with
 * a plain welcome (the franchise edits it in the website builder) and the standard listing pages,
 * unpublished until the franchise turns them on (spec 3 §9).
 */
export function franchisePages(name: string): NewPage[] {
  return [
    {
      name: 'home',
      title: 'Home',
      url: 'home',
      header: `Welcome to ${name}`,
      subHeader: '',
      unhtml: '<section><h2>Welcome</h2><p>Our new website is on its way. See you soon!</p></section>',
      sequence: 1,
      isPublished: true,
    },
    ...standardListingPages(),
  ];
}
