import type { NewPage } from './tenants.ts';

const home = `
<section class="hero">
  <h2>Move well. Breathe deep. Belong.</h2>
  <p>Demo Studio is a neighbourhood yoga and movement studio with classes for every body, from your very first sun salutation to advanced inversions.</p>
  <p><a class="button" href="/register">Start your free week</a></p>
</section>
<section class="columns">
  <article><h3>Classes all week</h3><p>Over 40 classes a week: vinyasa, yin, pilates, mobility and kids' yoga, in the studio and online.</p></article>
  <article><h3>Courses that go deeper</h3><p>Six-week foundations courses and a 200-hour teacher training, led by teachers with decades on the mat.</p></article>
  <article><h3>A community</h3><p>Workshops, retreats and a members' lounge with tea after every evening class.</p></article>
</section>`;

const about = `
<h2>Our story</h2>
<p>Demo Studio opened in 2014 in a converted print shop with one room and six mats. Today three rooms, twelve teachers and more than a thousand members practise with us each month.</p>
<h3>What we believe</h3>
<ul>
  <li>Every body is welcome: every class offers options for beginners and experienced students.</li>
  <li>Small classes, so teachers know your name and your injuries.</li>
  <li>Fair prices: community classes every Sunday are pay-what-you-can.</li>
</ul>
<h3>Our teachers</h3>
<p>Our teachers hold at least 500 hours of training and keep learning: each of them takes a continuing education course every year.</p>`;

const contact = `
<h2>Visit us</h2>
<p>12 Market Street, Springfield. We are a five-minute walk from Central station; bike racks are at the front door.</p>
<h3>Opening hours</h3>
<p>Monday to Friday 6:30 to 21:30, Saturday and Sunday 8:00 to 18:00.</p>
<h3>Get in touch</h3>
<p>Call us on +1 555 0100 or write to <a href="mailto:hello@demo.test">hello@demo.test</a>. We answer within one working day.</p>`;

const privacy = `
<h2>Privacy policy</h2>
<p>Demo Studio collects the personal data you give us (name, email, phone, emergency contact and health notes you choose to share) to run your membership, book your classes and take payments.</p>
<p>We never sell your data. Payment card details are handled by our payment provider and never stored on our servers.</p>
<p>You may ask for a copy of your data, or for its deletion, at any time by writing to hello@demo.test.</p>`;

const terms = `
<h2>Terms of service</h2>
<p>Bookings can be cancelled free of charge up to 12 hours before a class. Late cancellations and no-shows use one class credit.</p>
<p>Memberships renew automatically each billing period until cancelled; you can cancel from your profile at any time before the next renewal.</p>
<p>Please tell your teacher about any injury or condition before class. Practise within your own limits.</p>`;

const standard = (name: string, title: string, sequence: number): NewPage => ({
  name,
  title,
  url: name,
  sequence,
  isPublished: false,
});

/**
 * The standard listing pages every website starts with, after home (sequences 2..8), unpublished
 * until the tenant turns them on (spec 3 §9). The demo seed and a new franchise both use them.
 */
export function standardListingPages(): NewPage[] {
  return [
    standard('calendar', 'Calendar', 2),
    standard('courses', 'Courses', 3),
    standard('events', 'Events', 4),
    standard('merchandise', 'Merchandise', 5),
    standard('donations', 'Donations', 6),
    standard('forms', 'Forms', 7),
    standard('mediagallery', 'Media Gallery', 8),
  ];
}

/** The demo website: home, about and contact published with sample content; standard pages unpublished. */
export function demoPages(studio: string): NewPage[] {
  return [
    {
      name: 'home',
      title: 'Home',
      url: 'home',
      header: `Welcome to ${studio}`,
      subHeader: 'Yoga, pilates and mindful movement in the heart of Springfield',
      unhtml: home,
      sequence: 1,
      isPublished: true,
    },
    ...standardListingPages(),
    {
      name: 'about',
      title: 'About',
      url: 'about',
      header: 'About us',
      subHeader: 'A studio built by its community',
      unhtml: about,
      sequence: 9,
      isPublished: true,
    },
    {
      name: 'contact',
      title: 'Contact',
      url: 'contact',
      header: 'Contact',
      subHeader: 'We would love to hear from you',
      unhtml: contact,
      sequence: 10,
      isPublished: true,
    },
    {
      name: 'privacypolicy',
      title: 'Privacy Policy',
      url: 'privacypolicy',
      header: 'Privacy Policy',
      unhtml: privacy,
      sequence: 11,
      isPublished: true,
      isShowNavigation: false,
    },
    {
      name: 'termsofservice',
      title: 'Terms of Service',
      url: 'termsofservice',
      header: 'Terms of Service',
      unhtml: terms,
      sequence: 12,
      isPublished: true,
      isShowNavigation: false,
    },
  ];
}
