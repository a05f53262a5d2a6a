/**
 * The designer's section library for a studio's site (issue 14): hero, image and text, gallery,
 * pricing, testimonials, member reviews, notices, class schedule, contact, map and the page header. Each section is plain
 * HTML with `sb-` classes; its CSS rides in the block (GrapesJS adds it to the page's styles on drop)
 * and reads the site's accent (`--site-accent`, the theme colour) so a section wears the studio's
 * brand. Columns are CSS grid with auto-fit, so every section folds to one column on a phone. No
 * image or font is fetched from outside: photos start as a neutral drawn frame the owner replaces.
 * The sections are built in contracts (site-sections.ts); here they become GrapesJS blocks.
 */

import { escapedDetails, photoFrame, SECTION_CSS, SECTIONS, type StudioDetails } from '@atrium/contracts';

// the sections themselves live in contracts (site-sections.ts): the server's tests run them through its sanitiser
export { escapedDetails, photoFrame, SECTION_CSS, SECTIONS, type StudioDetails };

/** The studio's name and contact details as Settings holds them. */
export function studioDetailsOf(tenant: {
  name: string;
  csymbol: string;
  phone: string;
  email: string;
  address: { line1: string };
}): StudioDetails {
  const { name, csymbol, phone, email } = tenant;
  return { name, csymbol: csymbol || '$', phone, email, address: tenant.address.line1 };
}

const svg = (paths: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${paths}</svg>`;

const ICONS = {
  hero: svg('<rect x="3" y="4" width="18" height="16" rx="2"/><path d="M7 10h10M9 14h6"/>'),
  imageText: svg('<rect x="3" y="5" width="8" height="14" rx="1"/><path d="M14 8h7M14 12h7M14 16h5"/>'),
  gallery: svg(
    '<rect x="3" y="3" width="8" height="8" rx="1"/><rect x="13" y="3" width="8" height="8" rx="1"/><rect x="3" y="13" width="8" height="8" rx="1"/><rect x="13" y="13" width="8" height="8" rx="1"/>',
  ),
  pricing: svg(
    '<rect x="3" y="5" width="5" height="14" rx="1"/><rect x="9.5" y="3" width="5" height="18" rx="1"/><rect x="16" y="5" width="5" height="14" rx="1"/>',
  ),
  testimonials: svg('<path d="M4 6h16v10H9l-5 4z"/><path d="M8 10h8M8 13h5"/>'),
  schedule: svg(
    '<rect x="3" y="5" width="18" height="16" rx="2"/><path d="M3 10h18M8 3v4M16 3v4M7 14h3M14 14h3M7 17h3"/>',
  ),
  contact: svg('<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M3 7l9 6 9-6"/>'),
  map: svg('<path d="M9 4L3 6v14l6-2 6 2 6-2V4l-6 2z"/><path d="M9 4v14M15 6v14"/>'),
  header: svg('<path d="M4 6h16M4 11h10M4 16h7"/>'),
  notices: svg('<path d="M3 10v4h3l6 4V6L6 10z"/><path d="M16 9a4 4 0 0 1 0 6M19 6a8 8 0 0 1 0 12"/>'),
};

/** The studio sections as GrapesJS blocks, filled with the studio's own name and contact details. */
export function studioBlocks(raw: StudioDetails) {
  const details = escapedDetails(raw);
  const section = (id: string, label: string, media: string, content: string) => ({
    id,
    label,
    media,
    category: 'Sections',
    content,
    attributes: { title: label },
  });
  return [
    section('sb-hero', 'Hero', ICONS.hero, SECTIONS.hero(details)),
    section('sb-page-header', 'Page header', ICONS.header, SECTIONS.pageHeader()),
    section('sb-image-text', 'Image and text', ICONS.imageText, SECTIONS.imageText()),
    section('sb-gallery', 'Gallery', ICONS.gallery, SECTIONS.gallery()),
    section('sb-pricing', 'Pricing', ICONS.pricing, SECTIONS.pricing(details)),
    section('sb-testimonials', 'Testimonials', ICONS.testimonials, SECTIONS.testimonials()),
    section('sb-member-reviews', 'Member reviews', ICONS.testimonials, SECTIONS.memberReviews()),
    section('sb-notices', 'Notices', ICONS.notices, SECTIONS.notices()),
    section('sb-schedule', 'Class schedule', ICONS.schedule, SECTIONS.schedule()),
    section('sb-contact', 'Contact', ICONS.contact, SECTIONS.contact(details)),
    section('sb-map', 'Map', ICONS.map, SECTIONS.map(details)),
  ];
}
