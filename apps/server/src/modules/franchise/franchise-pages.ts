import type { NewPage } from '../../seed/tenants.ts';

const standard = (name: string, title: string, sequence: number): NewPage => ({
  name,
  title,
  url: name,
  sequence,
  isPublished: false,
});

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
    standard('calendar', 'Calendar', 2),
    standard('courses', 'Courses', 3),
    standard('events', 'Events', 4),
    standard('merchandise', 'Merchandise', 5),
    standard('donations', 'Donations', 6),
    standard('forms', 'Forms', 7),
    standard('mediagallery', 'Media Gallery', 8),
  ];
}
