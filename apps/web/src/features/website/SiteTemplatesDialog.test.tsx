// @vitest-environment happy-dom
import { buildSiteTemplate, SITE_TEMPLATES } from '@atrium/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTenant } from '../../test/fixtures';
import { updateSession } from '../session/session-store';

// 'Templates' (issue 29): a whole site to start from, previewed, then written as the drafts of Home, About and
// Contact (a missing page made first); the published pages are left alone.

const calls: string[] = [];
const toasts: string[] = [];
vi.mock('./api', () => ({
  websiteApi: {
    pages: async () => [
      { id: 'p-home', name: 'home', title: 'Home', sequence: 1, isPublished: true, isExternalLink: false },
      { id: 'p-about', name: 'about', title: 'About', sequence: 2, isPublished: true, isExternalLink: false },
    ],
    create: async (name: string, body: { url: string }) => {
      calls.push(`create ${name} at /${body.url}`);
      return { id: `p-${name}`, name };
    },
    saveDraft: async (id: string, body: { unhtml: string; style: string; header: string; unjson: unknown }) => {
      calls.push(`draft ${id} ${body.unhtml.slice(0, 40)} header='${body.header}' design=${String(body.unjson)}`);
      return { id, name: id.slice(2) };
    },
    publish: async () => {
      calls.push('publish');
      return {};
    },
  },
}));
vi.mock('../../lib/notify', () => ({
  showSuccessToast: (message: string) => toasts.push(message),
  showErrorToast: (message: string) => toasts.push(`error: ${message}`),
}));

const { SiteTemplatesDialog, applySiteTemplate, templateDocument } = await import('./SiteTemplatesDialog');

const onApplied = vi.fn();
function open() {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <SiteTemplatesDialog opened onClose={() => undefined} onApplied={onApplied} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  updateSession({ tenant: makeTenant({ name: 'Lotus Studio', org: { ...makeTenant().org, themeColor: '#2b8a3e' } }) });
  calls.length = 0;
  toasts.length = 0;
  onApplied.mockReset();
});
afterEach(cleanup);

describe('the site templates dialog', () => {
  it('shows the four templates, each with a thumbnail built from its own home page in the theme', () => {
    open();
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Yoga studio',
      'Gym',
      'School',
      'Non-profit',
    ]);
    const yoga = within(cards[0] as HTMLElement);
    const thumb = (cards[0] as HTMLElement).querySelector('iframe');
    expect(thumb?.getAttribute('sandbox')).toBe('');
    const doc = thumb?.getAttribute('srcdoc') ?? '';
    expect(doc).toContain('Breathe, move and slow down');
    expect(doc).toContain('Welcome to Lotus Studio');
    // the site's stylesheet and the studio's theme colour
    expect(doc).toContain('--site-primary-500:#2b8a3e');
    expect(yoga.getByRole('button', { name: 'Use the Yoga studio template' })).toBeTruthy();
  });

  it('previews every page of a template and goes back to the list', () => {
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Preview the Gym template' }));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Home', 'About', 'Contact']);
    const home = screen.getByTitle('Gym: Home page preview');
    expect(home.getAttribute('srcdoc')).toContain('Get stronger, one session at a time');
    fireEvent.click(screen.getByRole('button', { name: 'All templates' }));
    expect(screen.getAllByRole('article')).toHaveLength(4);
  });

  it('asks first, then writes the drafts of Home, About and Contact (Contact made first), never publishing', async () => {
    open();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Use the School template' })).toBeTruthy());
    // the pages list has arrived before the choice
    await new Promise((resolve) => setTimeout(resolve, 0));
    fireEvent.click(screen.getByRole('button', { name: 'Use the School template' }));
    const confirm = await screen.findByRole('dialog', { name: 'Use this template?' });
    expect(confirm.textContent).toContain(
      'The School template replaces the drafts of Home, About and Contact. Your published site does not change until you publish each page.',
    );
    expect(calls).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Use this template' }));
    await waitFor(() => expect(onApplied).toHaveBeenCalled());
    expect(calls).toEqual([
      expect.stringMatching(/^draft p-home <section class="sb-section sb-hero">.* header='' design=null$/),
      expect.stringMatching(/^draft p-about <section class="sb-section sb-page-head".* header='' design=null$/),
      'create contact at /contact',
      expect.stringMatching(/^draft p-contact <section class="sb-section sb-page-head".* header='' design=null$/),
    ]);
    expect(toasts).toEqual([
      'The School template is now the draft of Home, About and Contact. Look each page over and publish it.',
    ]);
  });

  it('writes nothing when the owner cancels', async () => {
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Use the Non-profit template' }));
    const confirm = await screen.findByRole('dialog', { name: 'Use this template?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);
    expect(onApplied).not.toHaveBeenCalled();
  });
});

describe('applying a template', () => {
  it('stops at the first failure, leaving the pages after it as they were', async () => {
    const [yoga] = SITE_TEMPLATES;
    if (!yoga) throw new Error('no template');
    const pages = buildSiteTemplate(yoga, { name: 'S', csymbol: '$', phone: '', email: '', address: '' });
    const saved: string[] = [];
    await expect(
      applySiteTemplate(pages, [{ id: 'h', name: 'home' }], {
        create: async () => {
          throw new Error('taken');
        },
        saveDraft: async (id) => {
          saved.push(id);
        },
      }),
    ).rejects.toThrow('taken');
    expect(saved).toEqual(['h']);
  });

  it('draws a page with the site stylesheet before the page CSS and the theme last', () => {
    const [gym] = SITE_TEMPLATES;
    if (!gym) throw new Error('no template');
    const [home] = buildSiteTemplate(gym, { name: 'S', csymbol: '$', phone: '', email: '', address: '' });
    if (!home) throw new Error('no home');
    const doc = templateDocument(home, makeTenant());
    expect(doc.indexOf('.sb-section{')).toBeGreaterThan(-1);
    expect(doc.indexOf('.sb-section{')).toBeLessThan(doc.indexOf('body .sb-button{border-radius'));
    expect(doc).not.toContain('<script');
  });
});
