import { z } from 'zod';

/**
 * The first steps of a new studio (/getstarted, issue 13): each is done when the studio's own data
 * says so, never by ticking a box, and links to the screen where it is taken.
 */
export const GET_STARTED_STEPS = [
  {
    key: 'logo',
    title: 'Add your logo',
    text: 'It shows on your website, your emails and your invoices.',
    path: '/settings/account',
  },
  {
    key: 'website',
    title: 'Publish your website',
    text: 'Publish a page so visitors can find you.',
    path: '/website',
  },
  {
    key: 'payments',
    title: 'Connect a payment provider',
    text: 'Take card payments online through your own account. Until then, members pay at the studio.',
    path: '/settings/integrations/paymentprovider',
  },
  {
    key: 'offering',
    title: 'Add your first class or product',
    text: 'Something your members can book or buy.',
    path: '/products',
  },
  {
    key: 'member',
    title: 'Add your first member',
    text: 'Add a member yourself, import your list, or let them register.',
    path: '/contacts',
  },
] as const;

export type GetStartedKey = (typeof GET_STARTED_STEPS)[number]['key'];

export const GetStartedStep = z.object({
  key: z.enum(GET_STARTED_STEPS.map((step) => step.key) as [GetStartedKey, ...GetStartedKey[]]),
  done: z.boolean(),
});
export type GetStartedStep = z.infer<typeof GetStartedStep>;

export const GetStartedResponse = z.object({ steps: z.array(GetStartedStep) });
export type GetStartedResponse = z.infer<typeof GetStartedResponse>;
