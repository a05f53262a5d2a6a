/**
 * The designer's section library for a studio's site (issue 14): hero, image and text, gallery,
 * pricing, testimonials, member reviews, notices, class schedule, contact, map and the page header. Each section is plain
 * HTML with `sb-` classes; its CSS rides in the block (GrapesJS adds it to the page's styles on drop)
 * and reads the site's accent (`--site-accent`, the theme colour) so a section wears the studio's
 * brand. Columns are CSS grid with auto-fit, so every section folds to one column on a phone. No
 * image or font is fetched from outside: photos start as a neutral drawn frame the owner replaces.
 */

export interface StudioDetails {
  name: string;
  /** The currency symbol prices are shown with. */
  csymbol: string;
  phone: string;
  email: string;
  address: string;
}

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

/** A neutral photo frame (an inline SVG, no request) that says what to put there. */
export function photoFrame(label: string): string {
  const art = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><rect width="800" height="600" fill="#e9ecef"/><path d="M300 380l80-100 70 80 50-60 100 120H200z" fill="#ced4da"/><circle cx="520" cy="220" r="40" fill="#ced4da"/></svg>`;
  return `<img class="sb-photo" src="data:image/svg+xml,${encodeURIComponent(art)}" alt="${label}" />`;
}

/** The rules every section shares (spacing, headings, buttons, photos). */
export const SECTION_CSS = `.sb-section{padding:56px 24px}.sb-inner{max-width:1080px;margin:0 auto}.sb-section h2{font-size:clamp(26px,3.5vw,36px);line-height:1.2;margin:0 0 12px}.sb-lead{font-size:18px;color:#495057;margin:0 0 24px}.sb-button{display:inline-block;padding:12px 24px;border-radius:8px;background-color:var(--site-accent);color:var(--site-accent-text);text-decoration:none;font-weight:600}.sb-button--ghost{background-color:transparent;color:inherit;border:2px solid currentColor}.sb-photo{display:block;width:100%;height:auto;border-radius:12px;object-fit:cover}`;

const css = (rules: string) => `<style>${SECTION_CSS}${rules}</style>`;

export const heroSection = (details: StudioDetails) =>
  `<section class="sb-section sb-hero"><div class="sb-inner"><p class="sb-hero__eyebrow">Welcome to ${details.name}</p><h1 class="sb-hero__title">Find your strength, your focus and your people</h1><p class="sb-hero__text">Classes for every level, led by teachers who know your name. Your first class is on us.</p><div class="sb-hero__actions"><a class="sb-button" href="/calendar">See the schedule</a><a class="sb-button sb-button--ghost" href="/register">Join us</a></div></div></section>${css(
    '.sb-hero{background:linear-gradient(135deg,#f1f3f5 0%,#e7f5ff 100%);border-radius:16px;text-align:center;padding:88px 24px}.sb-hero__eyebrow{text-transform:uppercase;letter-spacing:.08em;font-size:14px;font-weight:600;color:#495057;margin:0 0 8px}.sb-hero__title{font-size:clamp(32px,5vw,56px);line-height:1.1;margin:0 auto 16px;max-width:820px}.sb-hero__text{font-size:20px;color:#343a40;max-width:640px;margin:0 auto 32px}.sb-hero__actions{display:flex;gap:12px;justify-content:center;flex-wrap:wrap}',
  )}`;

const imageTextSection = () =>
  `<section class="sb-section"><div class="sb-inner sb-split"><div>${photoFrame('A photo of your studio')}</div><div><h2>Our story</h2><p class="sb-lead">Tell visitors who you are, what a class feels like and who it is for.</p><p>Share what makes your space different: the teachers, the community, the way you welcome newcomers. Keep it short and warm; a photo of a real class says the rest.</p><p><a class="sb-button" href="/about">Meet the team</a></p></div></div></section>${css(
    '.sb-split{display:grid;grid-template-columns:repeat(auto-fit,minmax(280px,1fr));gap:40px;align-items:center}',
  )}`;

const gallerySection = () =>
  `<section class="sb-section"><div class="sb-inner"><h2>Inside the studio</h2><p class="sb-lead">A look at our space and our classes.</p><div class="sb-gallery">${[
    1, 2, 3, 4, 5, 6,
  ]
    .map((n) => `<figure class="sb-gallery__item">${photoFrame(`Studio photo ${n}`)}</figure>`)
    .join('')}</div></div></section>${css(
    '.sb-gallery{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:16px}.sb-gallery__item{margin:0}',
  )}`;

const plan = (name: string, price: string, period: string, points: string[], featured = false) =>
  `<div class="sb-plan${featured ? ' sb-plan--featured' : ''}"><h3 class="sb-plan__name">${name}</h3><p class="sb-plan__price">${price}<span> ${period}</span></p><ul class="sb-plan__points">${points.map((point) => `<li>${point}</li>`).join('')}</ul><a class="sb-button" href="/register">Get started</a></div>`;

const pricingSection = ({ csymbol }: StudioDetails) =>
  `<section class="sb-section"><div class="sb-inner"><h2>Memberships and passes</h2><p class="sb-lead">Pick what fits your week. No joining fee in your first month.</p><div class="sb-pricing">${plan('Drop-in', `${csymbol}20`, 'per class', ['Any class on the schedule', 'Book up to 7 days ahead'])}${plan('Unlimited', `${csymbol}120`, 'a month', ['Every class, every day', 'Bring a friend once a month', 'Cancel anytime'], true)}${plan('10-class pack', `${csymbol}170`, 'valid 6 months', ['Use them at your own pace', 'Book up to 14 days ahead'])}</div></div></section>${css(
    '.sb-pricing{display:grid;grid-template-columns:repeat(auto-fit,minmax(240px,1fr));gap:20px}.sb-plan{border:1px solid #dee2e6;border-radius:12px;padding:28px;display:flex;flex-direction:column;gap:12px;background:#fff}.sb-plan--featured{border-width:2px;border-style:solid;border-color:var(--site-accent);box-shadow:0 8px 24px rgba(0,0,0,.08)}.sb-plan__name{margin:0;font-size:20px}.sb-plan__price{margin:0;font-size:36px;font-weight:700}.sb-plan__price span{font-size:15px;font-weight:400;color:#495057}.sb-plan__points{margin:0;padding-left:20px;flex:1}.sb-plan .sb-button{text-align:center}',
  )}`;

const quote = (text: string, who: string) =>
  `<figure class="sb-quote"><blockquote>“${text}”</blockquote><figcaption>${who}</figcaption></figure>`;

const testimonialsSection = () =>
  `<section class="sb-section sb-testimonials"><div class="sb-inner"><h2>What our members say</h2><div class="sb-quotes">${quote('I came for the workouts and stayed for the people. Best hour of my day.', 'Priya, member since 2022')}${quote('The teachers adjust everything to my level. I never feel lost.', 'Daniel, beginner')}${quote('Booking is easy and the classes always start on time.', 'Grace, mum of two')}</div></div></section>${css(
    '.sb-testimonials{background:#f8f9fa;border-radius:16px}.sb-quotes{display:grid;grid-template-columns:repeat(auto-fit,minmax(240px,1fr));gap:20px}.sb-quote{margin:0;background:#fff;border-radius:12px;padding:24px;border-left-width:4px;border-left-style:solid;border-left-color:var(--site-accent)}.sb-quote blockquote{margin:0 0 12px;font-size:17px}.sb-quote figcaption{color:#495057;font-weight:600;font-size:15px}',
  )}`;

/**
 * Member reviews (issue 27): the server fills the quotes container with up to 6 of the studio's newest
 * reviews whose member agreed to show them, and leaves the section out when there are none
 * (apps/server/src/site/site-reviews.ts). The sample quote only shows in the designer. Keep both
 * markers: `data-site-reviews-section` on the section, `data-site-reviews="6"` on the container.
 */
const memberReviewsSection = () =>
  `<section class="sb-section sb-testimonials" data-site-reviews-section=""><div class="sb-inner"><h2>What our members say</h2><div class="sb-quotes" data-site-reviews="6">${quote('Your members’ own reviews appear here: the newest six whose member agreed to show them on the website.', 'Member name')}</div></div></section>${css(
    '.sb-testimonials{background:#f8f9fa;border-radius:16px}.sb-quotes{display:grid;grid-template-columns:repeat(auto-fit,minmax(240px,1fr));gap:20px}.sb-quote{margin:0;background:#fff;border-radius:12px;padding:24px;border-left-width:4px;border-left-style:solid;border-left-color:var(--site-accent)}.sb-quote blockquote{margin:0 0 12px;font-size:17px}.sb-quote figcaption{color:#495057;font-weight:600;font-size:15px}.sb-stars{margin:0 0 8px;color:#b35c00;letter-spacing:2px}',
  )}`;

/**
 * Notices (issue 27): the server fills the container with up to 3 of the studio's active, unexpired
 * notices (type notice; quotes stay on the members' board) and leaves the section out when there are
 * none (apps/server/src/site/site-notices.ts). Keep both markers when editing the section.
 */
const noticesSection = () =>
  `<section class="sb-section sb-notices" data-site-notices-section=""><div class="sb-inner"><h2>Notices</h2><div class="sb-notices__list" data-site-notices="3"><article class="sb-notice"><p>The studio’s published notices appear here, newest first. Write them in the notice board’s manager.</p></article></div></div></section>${css(
    '.sb-notices__list{display:grid;gap:16px}.sb-notice{background:#fff;border:1px solid #dee2e6;border-left-width:4px;border-left-color:var(--site-accent);border-radius:12px;padding:16px 20px;overflow-wrap:anywhere}.sb-notice>:first-child{margin-top:0}.sb-notice>:last-child{margin-bottom:0}.sb-notice img{max-width:100%;height:auto}',
  )}`;

const scheduleSection = () =>
  `<section class="sb-section sb-cta"><div class="sb-inner"><h2>Find a class that fits your week</h2><p class="sb-lead">Morning, lunchtime and evening classes, seven days a week. See what is on and book your spot in a minute.</p><a class="sb-button" href="/calendar">See the class schedule</a></div></section>${css(
    '.sb-cta{text-align:center;border:1px solid #dee2e6;border-radius:16px}',
  )}`;

const contactSection = (details: StudioDetails) => {
  const rows = [
    details.address && `<li><strong>Visit us</strong><br>${details.address}</li>`,
    details.phone &&
      `<li><strong>Call</strong><br><a href="tel:${details.phone.replace(/[^+0-9]/g, '')}">${details.phone}</a></li>`,
    details.email && `<li><strong>Email</strong><br><a href="mailto:${details.email}">${details.email}</a></li>`,
  ].filter(Boolean);
  return `<section class="sb-section"><div class="sb-inner sb-split"><div><h2>Get in touch</h2><p class="sb-lead">Questions about classes, memberships or your first visit? We are happy to help.</p><ul class="sb-contact">${rows.join('')}</ul></div><div class="sb-contact__card"><h3>Opening hours</h3><p>Monday to Friday: 6:30 to 21:00<br>Saturday and Sunday: 8:00 to 14:00</p><a class="sb-button" href="/register">Create your account</a></div></div></section>${css(
    '.sb-split{display:grid;grid-template-columns:repeat(auto-fit,minmax(280px,1fr));gap:40px;align-items:center}.sb-contact{list-style:none;margin:0;padding:0;display:grid;gap:16px}.sb-contact__card{background:#f8f9fa;border-radius:12px;padding:28px}.sb-contact__card h3{margin-top:0}',
  )}`;
};

/** The address as the map's query: Google's embed is one of the frames the public site allows. */
const mapSection = (details: StudioDetails) =>
  `<section class="sb-section"><div class="sb-inner"><h2>How to find us</h2><iframe class="sb-map" title="Map" loading="lazy" src="https://www.google.com/maps?q=${encodeURIComponent(details.address || details.name)}&amp;output=embed"></iframe></div></section>${css(
    '.sb-map{display:block;width:100%;height:360px;border:0;border-radius:12px}',
  )}`;

const pageHeaderSection = () =>
  `<section class="sb-section sb-page-head"><div class="sb-inner"><h1>Page title</h1><p class="sb-lead">A sentence that tells visitors what this page is about.</p></div></section>${css(
    '.sb-page-head{text-align:center;padding:48px 24px 24px}.sb-page-head h1{font-size:clamp(30px,4.5vw,48px);margin:0 0 12px}',
  )}`;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The studio's details as they go into section HTML (a name may hold '&' or '<'). */
export function escapedDetails(details: StudioDetails): StudioDetails {
  return {
    name: escapeHtml(details.name),
    csymbol: escapeHtml(details.csymbol),
    phone: escapeHtml(details.phone),
    email: escapeHtml(details.email),
    address: escapeHtml(details.address),
  };
}

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
    section('sb-hero', 'Hero', ICONS.hero, heroSection(details)),
    section('sb-page-header', 'Page header', ICONS.header, pageHeaderSection()),
    section('sb-image-text', 'Image and text', ICONS.imageText, imageTextSection()),
    section('sb-gallery', 'Gallery', ICONS.gallery, gallerySection()),
    section('sb-pricing', 'Pricing', ICONS.pricing, pricingSection(details)),
    section('sb-testimonials', 'Testimonials', ICONS.testimonials, testimonialsSection()),
    section('sb-member-reviews', 'Member reviews', ICONS.testimonials, memberReviewsSection()),
    section('sb-notices', 'Notices', ICONS.notices, noticesSection()),
    section('sb-schedule', 'Class schedule', ICONS.schedule, scheduleSection()),
    section('sb-contact', 'Contact', ICONS.contact, contactSection(details)),
    section('sb-map', 'Map', ICONS.map, mapSection(details)),
  ];
}

export const SECTIONS = {
  hero: heroSection,
  pageHeader: pageHeaderSection,
  imageText: imageTextSection,
  gallery: gallerySection,
  pricing: pricingSection,
  testimonials: testimonialsSection,
  memberReviews: memberReviewsSection,
  notices: noticesSection,
  schedule: scheduleSection,
  contact: contactSection,
  map: mapSection,
};
