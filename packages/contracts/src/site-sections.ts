/**
 * The designer's section library for a studio's site (issue 14): hero, image and text, gallery, pricing,
 * testimonials, member reviews, notices, class schedule, contact, map and the page header. Each section is plain
 * HTML with `sb-` classes; its CSS rides along in a style element (the designer adds it to the page's styles on
 * drop) and reads the site's accent (`--site-accent`, the theme colour) so a section wears the studio's brand.
 * Columns are CSS grid with auto-fit, so every section folds to one column on a phone. No image or font is fetched
 * from outside: photos start as a neutral drawn frame the owner replaces. Shared by the web's designer (blocks,
 * starters, site templates) and the server's tests (the sanitiser keeps every section whole).
 *
 * Each section takes its words as an optional argument (site templates write a gym's or a school's); without them
 * it says what the designer's block has always said. Words given here are HTML: callers escape what they did not
 * write themselves (`escapedDetails`).
 */

export interface StudioDetails {
  name: string;
  /** The currency symbol prices are shown with. */
  csymbol: string;
  phone: string;
  email: string;
  address: string;
}

/** A neutral photo frame (an inline SVG, no request) that says what to put there. */
export function photoFrame(label: string): string {
  const art = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><rect width="800" height="600" fill="#e9ecef"/><path d="M300 380l80-100 70 80 50-60 100 120H200z" fill="#ced4da"/><circle cx="520" cy="220" r="40" fill="#ced4da"/></svg>`;
  return `<img class="sb-photo" src="data:image/svg+xml,${encodeURIComponent(art)}" alt="${label}" />`;
}

/** The rules every section shares (spacing, headings, buttons, photos). */
export const SECTION_CSS = `.sb-section{padding:56px 24px}.sb-inner{max-width:1080px;margin:0 auto}.sb-section h2{font-size:clamp(26px,3.5vw,36px);line-height:1.2;margin:0 0 12px}.sb-lead{font-size:18px;color:#495057;margin:0 0 24px}.sb-button{display:inline-block;padding:12px 24px;border-radius:8px;background-color:var(--site-accent);color:var(--site-accent-text);text-decoration:none;font-weight:600}.sb-button--ghost{background-color:transparent;color:inherit;border:2px solid currentColor}.sb-photo{display:block;width:100%;height:auto;border-radius:12px;object-fit:cover}`;

const css = (rules: string) => `<style>${SECTION_CSS}${rules}</style>`;

/** A link drawn as a button: its words and where it goes. */
export interface SectionLink {
  label: string;
  href: string;
}

const buttonLink = (link: SectionLink, ghost = false) =>
  `<a class="sb-button${ghost ? ' sb-button--ghost' : ''}" href="${link.href}">${link.label}</a>`;

export interface HeroCopy {
  eyebrow: string;
  title: string;
  text: string;
  primary: SectionLink;
  secondary: SectionLink;
}

export const heroSection = (details: StudioDetails, copy: Partial<HeroCopy> = {}) => {
  const c: HeroCopy = {
    eyebrow: `Welcome to ${details.name}`,
    title: 'Find your strength, your focus and your people',
    text: 'Classes for every level, led by teachers who know your name. Your first class is on us.',
    primary: { label: 'See the schedule', href: '/calendar' },
    secondary: { label: 'Join us', href: '/register' },
    ...copy,
  };
  return `<section class="sb-section sb-hero"><div class="sb-inner"><p class="sb-hero__eyebrow">${c.eyebrow}</p><h1 class="sb-hero__title">${c.title}</h1><p class="sb-hero__text">${c.text}</p><div class="sb-hero__actions">${buttonLink(c.primary)}${buttonLink(c.secondary, true)}</div></div></section>${css(
    '.sb-hero{background:linear-gradient(135deg,#f1f3f5 0%,#e7f5ff 100%);border-radius:16px;text-align:center;padding:88px 24px}.sb-hero__eyebrow{text-transform:uppercase;letter-spacing:.08em;font-size:14px;font-weight:600;color:#495057;margin:0 0 8px}.sb-hero__title{font-size:clamp(32px,5vw,56px);line-height:1.1;margin:0 auto 16px;max-width:820px}.sb-hero__text{font-size:20px;color:#343a40;max-width:640px;margin:0 auto 32px}.sb-hero__actions{display:flex;gap:12px;justify-content:center;flex-wrap:wrap}',
  )}`;
};

export interface ImageTextCopy {
  /** What the photo should show (the frame's alt text until the owner puts a photo there). */
  photo: string;
  heading: string;
  lead: string;
  paragraphs: string[];
  link: SectionLink | null;
}

const imageTextSection = (copy: Partial<ImageTextCopy> = {}) => {
  const c: ImageTextCopy = {
    photo: 'A photo of your studio',
    heading: 'Our story',
    lead: 'Tell visitors who you are, what a class feels like and who it is for.',
    paragraphs: [
      'Share what makes your space different: the teachers, the community, the way you welcome newcomers. Keep it short and warm; a photo of a real class says the rest.',
    ],
    link: { label: 'Meet the team', href: '/about' },
    ...copy,
  };
  return `<section class="sb-section"><div class="sb-inner sb-split"><div>${photoFrame(c.photo)}</div><div><h2>${c.heading}</h2><p class="sb-lead">${c.lead}</p>${c.paragraphs.map((text) => `<p>${text}</p>`).join('')}${c.link ? `<p>${buttonLink(c.link)}</p>` : ''}</div></div></section>${css(
    '.sb-split{display:grid;grid-template-columns:repeat(auto-fit,minmax(280px,1fr));gap:40px;align-items:center}',
  )}`;
};

export interface GalleryCopy {
  heading: string;
  lead: string;
  /** What each photo should show. */
  photos: string[];
}

const gallerySection = (copy: Partial<GalleryCopy> = {}) => {
  const c: GalleryCopy = {
    heading: 'Inside the studio',
    lead: 'A look at our space and our classes.',
    photos: [1, 2, 3, 4, 5, 6].map((n) => `Studio photo ${n}`),
    ...copy,
  };
  return `<section class="sb-section"><div class="sb-inner"><h2>${c.heading}</h2><p class="sb-lead">${c.lead}</p><div class="sb-gallery">${c.photos
    .map((photo) => `<figure class="sb-gallery__item">${photoFrame(photo)}</figure>`)
    .join('')}</div></div></section>${css(
    '.sb-gallery{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:16px}.sb-gallery__item{margin:0}',
  )}`;
};

/** A price card: a number is an amount in the studio's currency symbol (whole, as a price list shows it), words
 * ('Free') stand as written. */
export interface PlanCopy {
  name: string;
  price: number | string;
  period: string;
  points: string[];
  featured?: boolean;
  link?: SectionLink;
}

const plan = (csymbol: string, p: PlanCopy) =>
  `<div class="sb-plan${p.featured ? ' sb-plan--featured' : ''}"><h3 class="sb-plan__name">${p.name}</h3><p class="sb-plan__price">${typeof p.price === 'number' ? `${csymbol}${p.price}` : p.price}<span> ${p.period}</span></p><ul class="sb-plan__points">${p.points.map((point) => `<li>${point}</li>`).join('')}</ul>${buttonLink(p.link ?? { label: 'Get started', href: '/register' })}</div>`;

export interface PricingCopy {
  heading: string;
  lead: string;
  plans: PlanCopy[];
}

const pricingSection = ({ csymbol }: StudioDetails, copy: Partial<PricingCopy> = {}) => {
  const c: PricingCopy = {
    heading: 'Memberships and passes',
    lead: 'Pick what fits your week. No joining fee in your first month.',
    plans: [
      {
        name: 'Drop-in',
        price: 20,
        period: 'per class',
        points: ['Any class on the schedule', 'Book up to 7 days ahead'],
      },
      {
        name: 'Unlimited',
        price: 120,
        period: 'a month',
        points: ['Every class, every day', 'Bring a friend once a month', 'Cancel anytime'],
        featured: true,
      },
      {
        name: '10-class pack',
        price: 170,
        period: 'valid 6 months',
        points: ['Use them at your own pace', 'Book up to 14 days ahead'],
      },
    ],
    ...copy,
  };
  return `<section class="sb-section"><div class="sb-inner"><h2>${c.heading}</h2><p class="sb-lead">${c.lead}</p><div class="sb-pricing">${c.plans.map((p) => plan(csymbol, p)).join('')}</div></div></section>${css(
    '.sb-pricing{display:grid;grid-template-columns:repeat(auto-fit,minmax(240px,1fr));gap:20px}.sb-plan{border:1px solid #dee2e6;border-radius:12px;padding:28px;display:flex;flex-direction:column;gap:12px;background:#fff}.sb-plan--featured{border-width:2px;border-style:solid;border-color:var(--site-accent);box-shadow:0 8px 24px rgba(0,0,0,.08)}.sb-plan__name{margin:0;font-size:20px}.sb-plan__price{margin:0;font-size:36px;font-weight:700}.sb-plan__price span{font-size:15px;font-weight:400;color:#495057}.sb-plan__points{margin:0;padding-left:20px;flex:1}.sb-plan .sb-button{text-align:center}',
  )}`;
};

const quote = (text: string, who: string) =>
  `<figure class="sb-quote"><blockquote>“${text}”</blockquote><figcaption>${who}</figcaption></figure>`;

export interface TestimonialsCopy {
  heading: string;
  /** Each quote and who said it. */
  quotes: [string, string][];
}

const testimonialsSection = (copy: Partial<TestimonialsCopy> = {}) => {
  const c: TestimonialsCopy = {
    heading: 'What our members say',
    quotes: [
      ['I came for the workouts and stayed for the people. Best hour of my day.', 'Priya, member since 2022'],
      ['The teachers adjust everything to my level. I never feel lost.', 'Daniel, beginner'],
      ['Booking is easy and the classes always start on time.', 'Grace, mum of two'],
    ],
    ...copy,
  };
  return `<section class="sb-section sb-testimonials"><div class="sb-inner"><h2>${c.heading}</h2><div class="sb-quotes">${c.quotes.map(([text, who]) => quote(text, who)).join('')}</div></div></section>${css(
    '.sb-testimonials{background:#f8f9fa;border-radius:16px}.sb-quotes{display:grid;grid-template-columns:repeat(auto-fit,minmax(240px,1fr));gap:20px}.sb-quote{margin:0;background:#fff;border-radius:12px;padding:24px;border-left-width:4px;border-left-style:solid;border-left-color:var(--site-accent)}.sb-quote blockquote{margin:0 0 12px;font-size:17px}.sb-quote figcaption{color:#495057;font-weight:600;font-size:15px}',
  )}`;
};

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

export interface CallCopy {
  heading: string;
  lead: string;
  link: SectionLink;
}

/** A call to action: the class schedule by default. */
const scheduleSection = (copy: Partial<CallCopy> = {}) => {
  const c: CallCopy = {
    heading: 'Find a class that fits your week',
    lead: 'Morning, lunchtime and evening classes, seven days a week. See what is on and book your spot in a minute.',
    link: { label: 'See the class schedule', href: '/calendar' },
    ...copy,
  };
  return `<section class="sb-section sb-cta"><div class="sb-inner"><h2>${c.heading}</h2><p class="sb-lead">${c.lead}</p>${buttonLink(c.link)}</div></section>${css(
    '.sb-cta{text-align:center;border:1px solid #dee2e6;border-radius:16px}',
  )}`;
};

export interface ContactCopy {
  lead: string;
  /** Opening hours, one line each. */
  hours: string[];
  link: SectionLink;
}

const contactSection = (details: StudioDetails, copy: Partial<ContactCopy> = {}) => {
  const c: ContactCopy = {
    lead: 'Questions about classes, memberships or your first visit? We are happy to help.',
    hours: ['Monday to Friday: 6:30 to 21:00', 'Saturday and Sunday: 8:00 to 14:00'],
    link: { label: 'Create your account', href: '/register' },
    ...copy,
  };
  const rows = [
    details.address && `<li><strong>Visit us</strong><br>${details.address}</li>`,
    details.phone &&
      `<li><strong>Call</strong><br><a href="tel:${details.phone.replace(/[^+0-9]/g, '')}">${details.phone}</a></li>`,
    details.email && `<li><strong>Email</strong><br><a href="mailto:${details.email}">${details.email}</a></li>`,
  ].filter(Boolean);
  return `<section class="sb-section"><div class="sb-inner sb-split"><div><h2>Get in touch</h2><p class="sb-lead">${c.lead}</p><ul class="sb-contact">${rows.join('')}</ul></div><div class="sb-contact__card"><h3>Opening hours</h3><p>${c.hours.join('<br>')}</p>${buttonLink(c.link)}</div></div></section>${css(
    '.sb-split{display:grid;grid-template-columns:repeat(auto-fit,minmax(280px,1fr));gap:40px;align-items:center}.sb-contact{list-style:none;margin:0;padding:0;display:grid;gap:16px}.sb-contact__card{background:#f8f9fa;border-radius:12px;padding:28px}.sb-contact__card h3{margin-top:0}',
  )}`;
};

/** The address as the map's query: Google's embed is one of the frames the public site allows. */
const mapSection = (details: StudioDetails) =>
  `<section class="sb-section"><div class="sb-inner"><h2>How to find us</h2><iframe class="sb-map" title="Map" loading="lazy" src="https://www.google.com/maps?q=${encodeURIComponent(details.address || details.name)}&amp;output=embed"></iframe></div></section>${css(
    '.sb-map{display:block;width:100%;height:360px;border:0;border-radius:12px}',
  )}`;

const pageHeaderSection = (title = 'Page title', lead = 'A sentence that tells visitors what this page is about.') =>
  `<section class="sb-section sb-page-head"><div class="sb-inner"><h1>${title}</h1><p class="sb-lead">${lead}</p></div></section>${css(
    '.sb-page-head{text-align:center;padding:48px 24px 24px}.sb-page-head h1{font-size:clamp(30px,4.5vw,48px);margin:0 0 12px}',
  )}`;

export const escapeSectionText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The studio's details as they go into section HTML (a name may hold '&' or '<'). */
export function escapedDetails(details: StudioDetails): StudioDetails {
  return {
    name: escapeSectionText(details.name),
    csymbol: escapeSectionText(details.csymbol),
    phone: escapeSectionText(details.phone),
    email: escapeSectionText(details.email),
    address: escapeSectionText(details.address),
  };
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

/**
 * Built sections as the designer takes them: the HTML without its style elements, and the CSS once (the shared
 * rules first, each section's own rules once however often the section appears).
 */
export function splitSectionStyles(built: string): { html: string; css: string } {
  const styles: string[] = [];
  const html = built.replace(/<style>([\s\S]*?)<\/style>/g, (_, rules: string) => {
    styles.push(rules.replace(SECTION_CSS, ''));
    return '';
  });
  return { html, css: SECTION_CSS + [...new Set(styles)].join('') };
}
