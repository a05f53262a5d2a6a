/**
 * Starter templates for a whole site (issue 29, "the designer, next to Wix's"): a yoga studio, a gym, a school and a
 * non-profit, each its Home, About and Contact pages built from the designer's own sections (site-sections.ts) with
 * words for that kind of place, filled with the studio's name and contact details. They wear the site theme like any
 * page (the sections paint with its variables) and fetch nothing: photos are the drawn frames the owner replaces.
 * "Use this template" writes each page's draft; visitors see the published site until each page is published.
 */
import { escapedDetails, SECTIONS, type StudioDetails, splitSectionStyles } from './site-sections.ts';

/** The pages a site template fills: the three every studio has. */
export const SITE_TEMPLATE_PAGES = [
  { name: 'home', title: 'Home' },
  { name: 'about', title: 'About' },
  { name: 'contact', title: 'Contact' },
] as const;
export type SiteTemplatePageName = (typeof SITE_TEMPLATE_PAGES)[number]['name'];

export interface SiteTemplatePage {
  name: SiteTemplatePageName;
  title: string;
  /** The page's HTML without style elements, and its CSS (as the designer keeps them). */
  html: string;
  css: string;
}

export interface SiteTemplate {
  id: 'yoga' | 'gym' | 'school' | 'nonprofit';
  label: string;
  /** One line on the template's card. */
  summary: string;
  /** Each page's sections, in page order (HTML with their style elements). */
  pages: Record<SiteTemplatePageName, (d: StudioDetails) => string[]>;
}

const about = (title: string, lead: string) => SECTIONS.pageHeader(title, lead);

export const SITE_TEMPLATES: readonly SiteTemplate[] = [
  {
    id: 'yoga',
    label: 'Yoga studio',
    summary: 'Calm and welcoming: classes for every body, passes and a first class free.',
    pages: {
      home: (d) => [
        SECTIONS.hero(d, {
          eyebrow: `Welcome to ${d.name}`,
          title: 'Breathe, move and slow down',
          text: 'Yoga for every body and every level, in small classes with teachers who know your name.',
          primary: { label: 'See the class schedule', href: '/calendar' },
          secondary: { label: 'Your first class is free', href: '/register' },
        }),
        SECTIONS.imageText({
          photo: 'A calm yoga class in the studio',
          heading: 'A practice that meets you where you are',
          lead: 'Gentle flows, strong vinyasa and deep stretches, morning to evening.',
          paragraphs: [
            'New to yoga? Start with a beginners’ class: we bring the mats, blocks and blankets, you bring yourself.',
          ],
          link: { label: 'Meet the teachers', href: '/about' },
        }),
        SECTIONS.pricing(d, {
          heading: 'Classes and passes',
          lead: 'Come when it suits you, or make it a habit.',
          plans: [
            { name: 'Drop-in', price: 18, period: 'per class', points: ['Any class on the schedule', 'Mats included'] },
            {
              name: 'Unlimited',
              price: 110,
              period: 'a month',
              points: ['Every class, every day', 'Free workshops each season', 'Pause when you travel'],
              featured: true,
            },
            { name: '10-class pass', price: 150, period: 'valid 6 months', points: ['Share it with a friend'] },
          ],
        }),
        SECTIONS.testimonials({
          heading: 'From our students',
          quotes: [
            ['The one hour in my week that is only for me.', 'Amara, student since 2021'],
            ['I could not touch my toes. Now I look forward to every class.', 'Tom, beginner'],
            ['Kind teachers and a beautiful, quiet room.', 'Lucia, morning regular'],
          ],
        }),
      ],
      about: () => [
        about('About us', 'A small studio with room to breathe.'),
        SECTIONS.imageText({
          photo: 'The teachers of the studio',
          heading: 'Our story',
          lead: 'We opened our doors so that anyone could find a quiet hour in a busy week.',
          paragraphs: [
            'Our teachers trained in many traditions and share one idea: yoga is for every body. Classes stay small so each student is seen.',
          ],
          link: { label: 'Book a class', href: '/calendar' },
        }),
        SECTIONS.gallery({
          heading: 'The studio',
          lead: 'Light, warm and calm.',
          photos: ['The practice room', 'Morning class', 'Meditation corner'],
        }),
      ],
      contact: (d) => [
        about('Visit us', 'Come ten minutes early for your first class.'),
        SECTIONS.contact(d, {
          lead: 'Questions about classes or where to start? Write or call; we reply within a day.',
          hours: ['Monday to Friday: 7:00 to 21:00', 'Saturday and Sunday: 8:00 to 13:00'],
        }),
      ],
    },
  },
  {
    id: 'gym',
    label: 'Gym',
    summary: 'Bold and energetic: training, coaching and memberships.',
    pages: {
      home: (d) => [
        SECTIONS.hero(d, {
          eyebrow: d.name,
          title: 'Get stronger, one session at a time',
          text: 'Open early and late, with coaches on the floor and classes from strength to spin.',
          primary: { label: 'Join now', href: '/register' },
          secondary: { label: 'See the classes', href: '/calendar' },
        }),
        SECTIONS.pricing(d, {
          heading: 'Memberships',
          lead: 'No joining fee this month. Cancel anytime.',
          plans: [
            {
              name: 'Off-peak',
              price: 29,
              period: 'a month',
              points: ['Gym floor 10:00 to 16:00', 'Two classes a week'],
            },
            {
              name: 'All access',
              price: 49,
              period: 'a month',
              points: ['Gym floor all day', 'Every class', 'A coaching session each month'],
              featured: true,
            },
            { name: 'Day pass', price: 10, period: 'a day', points: ['Try us out', 'Any class that day'] },
          ],
        }),
        SECTIONS.imageText({
          photo: 'A coach helping a member on the gym floor',
          heading: 'Coaches who have your back',
          lead: 'A plan that fits your goal, and someone to check your form.',
          paragraphs: ['Every new member gets a free session to set goals and learn the equipment.'],
          link: { label: 'Book your free session', href: '/register' },
        }),
        SECTIONS.schedule({
          heading: 'Classes all week',
          lead: 'Strength, conditioning, spin and mobility, from 6:00 to 21:00.',
          link: { label: 'See the timetable', href: '/calendar' },
        }),
      ],
      about: () => [
        about('About the gym', 'Built by people who love training, for people who want to.'),
        SECTIONS.imageText({
          photo: 'The gym floor',
          heading: 'Everyone belongs here',
          lead: 'From first-timers to competitors, the floor is friendly.',
          paragraphs: ['Clean equipment, music that keeps you moving and a team that knows your name.'],
          link: { label: 'See memberships', href: '/' },
        }),
        SECTIONS.testimonials({
          heading: 'Members say',
          quotes: [
            ['I finally stuck with it. The coaches make the difference.', 'Marcus, member for 2 years'],
            ['Never crowded at lunchtime, and spotless.', 'Aisha, off-peak member'],
          ],
        }),
      ],
      contact: (d) => [
        about('Find us', 'Drop in for a tour any time we are open.'),
        SECTIONS.contact(d, {
          lead: 'Questions about memberships or personal training? We are happy to help.',
          hours: ['Monday to Friday: 6:00 to 22:00', 'Saturday and Sunday: 8:00 to 18:00'],
          link: { label: 'Join now', href: '/register' },
        }),
      ],
    },
  },
  {
    id: 'school',
    label: 'School',
    summary: 'Clear and friendly: courses by age and level, terms and enrolment.',
    pages: {
      home: (d) => [
        SECTIONS.hero(d, {
          eyebrow: `Welcome to ${d.name}`,
          title: 'Learning that children and adults love',
          text: 'Small groups, caring teachers and courses for every age and level.',
          primary: { label: 'See the courses', href: '/courses' },
          secondary: { label: 'Enrol now', href: '/register' },
        }),
        SECTIONS.imageText({
          photo: 'Students in a lesson',
          heading: 'How we teach',
          lead: 'Every student learns at their own pace, with a teacher who follows their progress.',
          paragraphs: ['Parents get a short report each term and can talk to the teacher at any time.'],
          link: { label: 'Meet our teachers', href: '/about' },
        }),
        SECTIONS.pricing(d, {
          heading: 'Terms and fees',
          lead: 'Pay by the term or by the month. Brothers and sisters get 10% off.',
          plans: [
            {
              name: 'Trial lesson',
              price: 'Free',
              period: 'once',
              points: ['Meet the teacher', 'Find the right level'],
            },
            {
              name: 'Full term',
              price: 240,
              period: 'a term (12 weeks)',
              points: ['One lesson a week', 'Materials included', 'End-of-term report'],
              featured: true,
            },
            { name: 'Monthly', price: 85, period: 'a month', points: ['One lesson a week', 'Stop at any month end'] },
          ],
        }),
        SECTIONS.schedule({
          heading: 'Ready to start?',
          lead: 'Book a trial lesson and we will find the right group.',
          link: { label: 'Book a trial lesson', href: '/register' },
        }),
      ],
      about: () => [
        about('About the school', 'Teaching with patience since the day we opened.'),
        SECTIONS.imageText({
          photo: 'The school building',
          heading: 'Our teachers',
          lead: 'Qualified, checked and chosen for their warmth.',
          paragraphs: ['Every teacher is trained in safeguarding. Classes stay small so each student gets attention.'],
          link: null,
        }),
        SECTIONS.testimonials({
          heading: 'Parents and students say',
          quotes: [
            ['My daughter cannot wait for Saturday lessons.', 'Sofia, parent'],
            ['I passed my exam first time thanks to my teacher.', 'Ravi, adult learner'],
          ],
        }),
      ],
      contact: (d) => [
        about('Contact the school', 'The office answers the same day in term time.'),
        SECTIONS.contact(d, {
          lead: 'Questions about courses, levels or fees? Write or call the office.',
          hours: ['Monday to Friday: 9:00 to 18:00', 'Saturday: 9:00 to 13:00 (term time)'],
          link: { label: 'Enrol now', href: '/register' },
        }),
      ],
    },
  },
  {
    id: 'nonprofit',
    label: 'Non-profit',
    summary: 'Warm and direct: the cause, ways to give and how to volunteer.',
    pages: {
      home: (d) => [
        SECTIONS.hero(d, {
          eyebrow: d.name,
          title: 'Together we make our community stronger',
          text: 'Free classes and support for the people who need them most, run by volunteers and funded by you.',
          primary: { label: 'Donate', href: '/donations' },
          secondary: { label: 'Volunteer with us', href: '/contact' },
        }),
        SECTIONS.imageText({
          photo: 'Volunteers with people from the community',
          heading: 'What we do',
          lead: 'Every week we run free sessions, workshops and events open to all.',
          paragraphs: ['Last year, hundreds of people joined a session for the first time. Every gift helps one more.'],
          link: { label: 'Our story', href: '/about' },
        }),
        SECTIONS.pricing(d, {
          heading: 'Ways to give',
          lead: 'Every amount helps, once or every month.',
          plans: [
            {
              name: 'Give once',
              price: 25,
              period: 'one gift',
              points: ['Pays for one free session'],
              link: { label: 'Donate', href: '/donations' },
            },
            {
              name: 'Give monthly',
              price: 10,
              period: 'a month',
              points: ['Keeps sessions running all year', 'A short update each season'],
              featured: true,
              link: { label: 'Give monthly', href: '/donations' },
            },
            {
              name: 'Give time',
              price: 'Your time',
              period: 'a few hours a month',
              points: ['Help at sessions and events'],
              link: { label: 'Volunteer', href: '/contact' },
            },
          ],
        }),
        SECTIONS.schedule({
          heading: 'Join a free session',
          lead: 'Open to everyone. No experience needed.',
          link: { label: 'See what is on', href: '/events' },
        }),
      ],
      about: () => [
        about('About us', 'A registered charity run by the community, for the community.'),
        SECTIONS.imageText({
          photo: 'Our volunteers',
          heading: 'Why we started',
          lead: 'We believe everyone should have a place to move, learn and belong.',
          paragraphs: ['We publish our accounts every year so you can see where every gift goes.'],
          link: { label: 'Donate', href: '/donations' },
        }),
        SECTIONS.testimonials({
          heading: 'Stories from the community',
          quotes: [
            ['The free sessions gave me back my confidence.', 'Helen, participant'],
            ['Volunteering here is the best part of my week.', 'Jonas, volunteer'],
          ],
        }),
      ],
      contact: (d) => [
        about('Get involved', 'Volunteer, partner with us or ask a question.'),
        SECTIONS.contact(d, {
          lead: 'Want to volunteer or support our work? We would love to hear from you.',
          hours: ['Monday to Friday: 10:00 to 17:00'],
          link: { label: 'Donate', href: '/donations' },
        }),
      ],
    },
  },
];

export type SiteTemplateId = SiteTemplate['id'];

export function siteTemplateById(id: string): SiteTemplate | undefined {
  return SITE_TEMPLATES.find((template) => template.id === id);
}

/** The template's pages for this studio (its name and details escaped), each as the designer keeps a page. */
export function buildSiteTemplate(template: SiteTemplate, details: StudioDetails): SiteTemplatePage[] {
  const escaped = escapedDetails(details);
  return SITE_TEMPLATE_PAGES.map(({ name, title }) => ({
    name,
    title,
    ...splitSectionStyles(template.pages[name](escaped).join('')),
  }));
}
