// The platform's defaults in the template service ('master', spec 3 §7.2; docs/decisions/campaigns.md
// "Template service"): starter emails, widgets, program emails and their categories, the same for
// every studio and shipped with the code. Each is MJML written with the brand's merge fields, so it
// wears the studio's colour, logo and name; no image or font is fetched from anywhere else.

export interface MasterCategory {
  id: string;
  name: string;
  type: string;
  sequence: number;
}

export interface MasterDesign {
  id: string;
  name: string;
  type: string;
  category: string;
  mjml: string;
}

/** Fixed ids, so a studio's saved copy or a campaign can name where it came from. */
const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export const MASTER_CATEGORIES: MasterCategory[] = [
  { id: id(0x100), name: 'Newsletters', type: 'email', sequence: 1 },
  { id: id(0x101), name: 'Timetable', type: 'email', sequence: 2 },
  { id: id(0x102), name: 'Workshops and events', type: 'email', sequence: 3 },
  { id: id(0x103), name: 'Offers', type: 'email', sequence: 4 },
  { id: id(0x104), name: 'Blocks', type: 'widget', sequence: 5 },
  { id: id(0x105), name: 'Program emails', type: 'program', sequence: 6 },
];
const [newsletters, timetable, workshops, offers, blocks, programs] = MASTER_CATEGORIES.map((c) => c.id) as [
  string,
  string,
  string,
  string,
  string,
  string,
];

const head = (title: string) => `<mj-head>
    <mj-title>${title}</mj-title>
    <mj-preview>${title}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="16px" line-height="1.6" color="#1f2937" padding="8px 24px" />
      <mj-button background-color="{{studioColor}}" color="{{studioColorText}}" font-size="16px" font-weight="bold" border-radius="6px" inner-padding="14px 28px" />
    </mj-attributes>
  </mj-head>`;

const banner = (title: string, subtitle: string) => `<mj-section background-color="{{studioColor}}" padding="28px 0">
      <mj-column>
        <mj-image src="{{studioLogo}}" alt="{{studioName}}" width="96px" padding="0 24px 12px" />
        <mj-text align="center" color="{{studioColorText}}" font-size="28px" font-weight="bold" line-height="1.25">${title}</mj-text>
        <mj-text align="center" color="{{studioColorText}}" font-size="16px">${subtitle}</mj-text>
      </mj-column>
    </mj-section>`;

const document = (title: string, sections: string) => `<mjml lang="en">
  ${head(title)}
  <mj-body background-color="#f4f4f5" width="600px">
    ${sections}
  </mj-body>
</mjml>
`;

export const MASTER_TEMPLATES: MasterDesign[] = [
  {
    id: id(0x1),
    name: 'Monthly newsletter',
    type: 'email',
    category: newsletters,
    mjml: document(
      '{{studioName}} news',
      `${banner('{{studioName}} news', 'What is happening at the studio this month')}
    <mj-section background-color="#ffffff" padding="24px 0 8px">
      <mj-column>
        <mj-text>Hello {{firstName}},</mj-text>
        <mj-text>Here is what is new at {{studioName}} this month: fresh classes on the timetable, a word from our teachers and a date for your diary.</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="0 0 8px">
      <mj-column>
        <mj-text font-size="19px" font-weight="bold" color="{{studioColorInk}}">New on the timetable</mj-text>
        <mj-text>Tell your members about the classes you have added, who teaches them and who they suit.</mj-text>
      </mj-column>
      <mj-column>
        <mj-text font-size="19px" font-weight="bold" color="{{studioColorInk}}">From the community</mj-text>
        <mj-text>Share a member's story, a teacher's tip or a photo from last month's gathering.</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="8px 0 32px">
      <mj-column>
        <mj-button href="{{studioUrl}}">Book your next class</mj-button>
        <mj-text align="center" font-size="14px" color="#4b5563">See you on the mat, the {{studioName}} team</mj-text>
      </mj-column>
    </mj-section>`,
    ),
  },
  {
    id: id(0x2),
    name: 'New timetable',
    type: 'email',
    category: timetable,
    mjml: document(
      'Our new timetable',
      `${banner('Our new timetable', 'Starts Monday: more classes, new times')}
    <mj-section background-color="#ffffff" padding="24px 0 8px">
      <mj-column>
        <mj-text>Hi {{firstName}},</mj-text>
        <mj-text>We have listened to your feedback and reshaped the week. Here is what changes:</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="0 16px">
      <mj-group>
        <mj-column background-color="#f9fafb" padding="12px 0">
          <mj-text font-weight="bold" color="{{studioColorInk}}">Mornings</mj-text>
          <mj-text font-size="15px">Mon, Wed, Fri<br />7:00 Sunrise Flow</mj-text>
        </mj-column>
        <mj-column background-color="#f3f4f6" padding="12px 0">
          <mj-text font-weight="bold" color="{{studioColorInk}}">Lunchtime</mj-text>
          <mj-text font-size="15px">Tue, Thu<br />12:30 Express 45</mj-text>
        </mj-column>
        <mj-column background-color="#f9fafb" padding="12px 0">
          <mj-text font-weight="bold" color="{{studioColorInk}}">Evenings</mj-text>
          <mj-text font-size="15px">Every day<br />18:30 Slow Flow</mj-text>
        </mj-column>
      </mj-group>
    </mj-section>
    <mj-section background-color="#ffffff" padding="16px 0 32px">
      <mj-column>
        <mj-text>Your next class: {{nextClass}}</mj-text>
        <mj-button href="{{studioUrl}}">See the full timetable</mj-button>
      </mj-column>
    </mj-section>`,
    ),
  },
  {
    id: id(0x3),
    name: 'Workshop announcement',
    type: 'email',
    category: workshops,
    mjml: document(
      'A weekend workshop',
      `${banner('A weekend workshop', 'Two days to go deeper, limited places')}
    <mj-section background-color="#ffffff" padding="24px 0 8px">
      <mj-column>
        <mj-text>Dear {{firstName}},</mj-text>
        <mj-text>Join us for a weekend workshop at {{studioName}}: a small group, an experienced teacher and time to ask every question you have been saving up.</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="0 24px 8px">
      <mj-column border="2px solid {{studioColor}}" border-radius="8px" padding="8px 0">
        <mj-text font-size="19px" font-weight="bold" color="{{studioColorInk}}">When and where</mj-text>
        <mj-text>Saturday and Sunday, 10:00 to 16:00<br />At the studio, lunch included</mj-text>
        <mj-text font-size="19px" font-weight="bold" color="{{studioColorInk}}">Who it is for</mj-text>
        <mj-text>Everyone with a regular practice who wants to refine it.</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="16px 0 32px">
      <mj-column>
        <mj-button href="{{studioUrl}}">Save my place</mj-button>
        <mj-text align="center" font-size="14px" color="#4b5563">Places are limited and go in the order they are booked.</mj-text>
      </mj-column>
    </mj-section>`,
    ),
  },
  {
    id: id(0x4),
    name: 'We miss you offer',
    type: 'email',
    category: offers,
    mjml: document(
      'We miss you',
      `${banner('We miss you, {{firstName}}', 'Come back with an offer just for you')}
    <mj-section background-color="#ffffff" padding="24px 0 8px">
      <mj-column>
        <mj-text>Hi {{firstName}},</mj-text>
        <mj-text>It has been a while since we saw you at {{studioName}}, and your spot on the mat is still here. To welcome you back, your next class is on us.</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="0 24px">
      <mj-column background-color="{{studioColor}}" border-radius="8px" padding="16px 0">
        <mj-text align="center" color="{{studioColorText}}" font-size="30px" font-weight="bold">Your next class free</mj-text>
        <mj-text align="center" color="{{studioColorText}}" font-size="15px">Show this email at the front desk within 30 days.</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="16px 0 32px">
      <mj-column>
        <mj-button href="{{studioUrl}}">Book my free class</mj-button>
      </mj-column>
    </mj-section>`,
    ),
  },
];

/** Blocks a designer drops into an email: each is an `mj-section` (or a few). */
export const MASTER_WIDGETS: MasterDesign[] = [
  {
    id: id(0x11),
    name: 'Studio header',
    type: 'email',
    category: blocks,
    mjml: banner('{{studioName}}', 'A few words under the name'),
  },
  {
    id: id(0x12),
    name: 'Call to action',
    type: 'email',
    category: blocks,
    mjml: `<mj-section background-color="#ffffff" padding="16px 0"><mj-column><mj-text align="center" font-size="19px" font-weight="bold">Ready for your next class?</mj-text><mj-button href="{{studioUrl}}" background-color="{{studioColor}}" color="{{studioColorText}}">Book now</mj-button></mj-column></mj-section>`,
  },
  {
    id: id(0x13),
    name: 'Class highlight',
    type: 'email',
    category: blocks,
    mjml: `<mj-section background-color="#ffffff" padding="8px 24px"><mj-column border-left="4px solid {{studioColor}}" padding="4px 0"><mj-text font-size="18px" font-weight="bold">Class name</mj-text><mj-text>Day and time, teacher, and who it suits.</mj-text></mj-column></mj-section>`,
  },
];

/** The emails a program (a course or an event) sends its people, to start from. */
export const MASTER_PROGRAM_EMAILS: MasterDesign[] = [
  {
    id: id(0x21),
    name: 'Welcome to the program',
    type: 'program',
    category: programs,
    mjml: document(
      'Welcome',
      `${banner('Welcome, {{firstName}}', 'You are in: here is what happens next')}
    <mj-section background-color="#ffffff" padding="24px 0 32px">
      <mj-column>
        <mj-text>Thank you for joining. Before the first session, read the notes your teacher has shared and bring what the program asks for.</mj-text>
        <mj-text>Your first session: {{nextClass}}</mj-text>
        <mj-button href="{{studioUrl}}">Open my account</mj-button>
      </mj-column>
    </mj-section>`,
    ),
  },
  {
    id: id(0x22),
    name: 'Program completed',
    type: 'program',
    category: programs,
    mjml: document(
      'Well done',
      `${banner('Well done, {{firstName}}', 'You have completed the program')}
    <mj-section background-color="#ffffff" padding="24px 0 32px">
      <mj-column>
        <mj-text>Congratulations on finishing. Keep the momentum going: the timetable has a class for every week.</mj-text>
        <mj-button href="{{studioUrl}}">Find my next class</mj-button>
      </mj-column>
    </mj-section>`,
    ),
  },
];

/** When the platform's defaults were last changed (their createdAt and updatedAt). */
export const MASTER_UPDATED_AT = '2026-11-29T00:00:00.000Z';
