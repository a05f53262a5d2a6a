import { splitSectionStyles, type TEMPLATE_PAGE_TYPES } from '@atrium/contracts';
import type { TemplateChoice } from './builder-state';
import { escapedDetails, SECTIONS, type StudioDetails } from './designer-blocks';

type PageType = (typeof TEMPLATE_PAGE_TYPES)[number];

export interface Starter {
  id: string;
  label: string;
  /** Builds the page for this studio (its name and contact details filled in). */
  build: (details: StudioDetails) => string;
}

const legalText = (title: string, paragraphs: [string, string][]) =>
  `<section class="sb-section sb-legal"><div class="sb-inner"><h1>${title}</h1><p class="sb-lead">Last updated: write the date you publish this page.</p>${paragraphs
    .map(([heading, body]) => `<h2>${heading}</h2><p>${body}</p>`)
    .join(
      '',
    )}</div></section><style>.sb-legal .sb-inner{max-width:760px}.sb-legal h2{font-size:22px;margin:32px 0 8px}</style>`;

const privacy = (d: StudioDetails) =>
  legalText('Privacy policy', [
    [
      'Who we are',
      `${d.name} runs this website and the booking and membership services on it. This policy explains what personal information we keep, why, and what you can ask us to do with it.`,
    ],
    [
      'What we collect',
      'The details you give us when you register, book or buy: your name, email address, phone number and, for children, their guardians. Payments are handled by our payment provider; we never see or keep your full card number.',
    ],
    [
      'How we use it',
      'To run your bookings and memberships, to send receipts, reminders and changes to classes, and, only if you agree, news about the studio. We do not sell your information.',
    ],
    [
      'How long we keep it',
      'For as long as you are a member and as long as the law requires us to keep records of payments afterwards.',
    ],
    [
      'Your rights',
      `You can ask to see, correct or delete your information at any time${d.email ? ` by writing to ${d.email}` : ''}.`,
    ],
  ]);

const terms = (d: StudioDetails) =>
  legalText('Terms of service', [
    ['About these terms', `These terms apply when you book classes, buy passes or memberships from ${d.name}.`],
    [
      'Bookings and cancellations',
      'Please cancel a booking you cannot attend so that someone on the waitlist can take your place. Late cancellations and missed classes may use up a class credit.',
    ],
    [
      'Memberships and payments',
      'Recurring memberships renew automatically on their billing date until you cancel. Prices include any taxes shown at checkout.',
    ],
    [
      'Your health and safety',
      'Tell your teacher about any injury or condition before class, and work within your limits. Some classes ask you to sign a waiver first.',
    ],
    [
      'Contact',
      `Questions about these terms: ${[d.email, d.phone].filter(Boolean).join(' or ') || 'ask us at the front desk'}.`,
    ],
  ]);

const STARTERS: Record<PageType, Starter[]> = {
  home: [
    {
      id: 'home-studio',
      label: 'Studio home',
      build: (d) =>
        [
          SECTIONS.hero(d),
          SECTIONS.imageText(),
          SECTIONS.schedule(),
          SECTIONS.pricing(d),
          SECTIONS.testimonials(),
        ].join(''),
    },
  ],
  about: [
    {
      id: 'about-story',
      label: 'Our story',
      build: () => [SECTIONS.pageHeader(), SECTIONS.imageText(), SECTIONS.gallery(), SECTIONS.testimonials()].join(''),
    },
  ],
  contact: [{ id: 'contact-visit', label: 'Contact and map', build: (d) => SECTIONS.contact(d) + SECTIONS.map(d) }],
  privacypolicy: [{ id: 'privacy', label: 'Privacy policy', build: privacy }],
  termsofservice: [{ id: 'terms', label: 'Terms of service', build: terms }],
  mediagallery: [{ id: 'gallery', label: 'Photo gallery', build: () => SECTIONS.pageHeader() + SECTIONS.gallery() }],
  others: [
    {
      id: 'others-landing',
      label: 'Landing page',
      build: (d) => [SECTIONS.hero(d), SECTIONS.imageText(), SECTIONS.pricing(d), SECTIONS.schedule()].join(''),
    },
    {
      id: 'others-simple',
      label: 'Simple page',
      build: () => SECTIONS.pageHeader() + SECTIONS.imageText(),
    },
  ],
};

/** The built-in starting points for a page type (the studio's saved templates come after them). */
export function startersFor(pageType: PageType): Starter[] {
  return STARTERS[pageType] ?? STARTERS.others;
}

/** A starter opens in the designer, its CSS split out of the sections' style elements. */
export function starterTemplate(starter: Starter, details: StudioDetails): TemplateChoice {
  const { html, css } = splitSectionStyles(starter.build(escapedDetails(details)));
  return { kind: 'designer', content: { html, css, projectData: null } };
}
