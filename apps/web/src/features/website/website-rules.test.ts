import { describe, expect, it } from 'vitest';
import { moveItem } from '../../lib/move-item';
import { htmlTemplate, savedTemplate, storedPage } from './builder-state';
import {
  editorFor,
  externalHint,
  externalUrlError,
  firstEditStep,
  pageControls,
  pageHeaderSavedMessage,
  pageNameError,
  randomPageName,
  sequencePayload,
  templatePageType,
} from './website-rules';

describe('randomPageName', () => {
  it('is a 4-digit number from 1000 to 9999', () => {
    expect(randomPageName(() => 0)).toBe('1000');
    expect(randomPageName(() => 0.999999)).toBe('9999');
    for (let i = 0; i < 200; i += 1) {
      const value = Number(randomPageName());
      expect(Number.isInteger(value)).toBe(true);
      expect(value).toBeGreaterThanOrEqual(1000);
      expect(value).toBeLessThanOrEqual(9999);
    }
  });
});

describe('sequencePayload and moveItem', () => {
  const pages = [
    { id: 'a', name: 'home' },
    { id: 'b', name: 'about' },
    { id: 'c', name: 'contact' },
    { id: 'd', name: '4321' },
  ];

  it('sends sequences 1..n in the new order', () => {
    const reordered = moveItem(pages, 3, 1);
    expect(reordered.map((page) => page.name)).toEqual(['home', '4321', 'about', 'contact']);
    expect(sequencePayload(reordered)).toEqual([
      { id: 'a', name: 'home', sequence: 1 },
      { id: 'd', name: '4321', sequence: 2 },
      { id: 'b', name: 'about', sequence: 3 },
      { id: 'c', name: 'contact', sequence: 4 },
    ]);
  });

  it('leaves out pages without an id, numbering the others without gaps', () => {
    const payload = sequencePayload([
      { id: 'a', name: 'home' },
      { id: null, name: 'draft' },
      { id: 'c', name: 'x' },
    ]);
    expect(payload).toEqual([
      { id: 'a', name: 'home', sequence: 1 },
      { id: 'c', name: 'x', sequence: 2 },
    ]);
  });

  it('moves down and ignores moves out of range', () => {
    expect(moveItem(pages, 0, 1).map((page) => page.id)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveItem(pages, 0, -1)).toEqual(pages);
    expect(moveItem(pages, 3, 4)).toEqual(pages);
  });
});

describe('pageControls', () => {
  it('home: no publish toggle, no gear, no delete, no external toggle', () => {
    expect(pageControls('home', true)).toMatchObject({
      publishToggle: false,
      settingsGear: false,
      deleteButton: false,
      linkToggle: false,
      designer: true,
    });
  });

  it('privacy policy and terms: gear but no publish toggle, undeletable', () => {
    for (const name of ['privacypolicy', 'termsofservice']) {
      expect(pageControls(name, true)).toMatchObject({ publishToggle: false, settingsGear: true, deleteButton: false });
    }
  });

  it('about and contact: toggle and gear, never delete', () => {
    expect(pageControls('about', true)).toMatchObject({ publishToggle: true, settingsGear: true, deleteButton: false });
    expect(pageControls('contact', true).deleteButton).toBe(false);
  });

  it('listing pages show the listing instead of the designer', () => {
    for (const name of ['events', 'forms', 'calendar', 'courses', 'merchandise', 'donations', 'mediagallery']) {
      const controls = pageControls(name, true);
      expect(controls).toMatchObject({ listing: true, designer: false, linkToggle: false });
      expect(controls.publishToggle).toBe(true);
      // spec 3 §9 lists every standard page as undeletable except merchandise
      expect(controls.deleteButton).toBe(name === 'merchandise');
    }
  });

  it('a custom page has every control once it exists', () => {
    expect(pageControls('4321', true)).toEqual({
      publishToggle: true,
      settingsGear: true,
      deleteButton: true,
      linkToggle: true,
      designer: true,
      listing: false,
    });
    expect(pageControls('4321', false)).toMatchObject({
      publishToggle: false,
      settingsGear: false,
      deleteButton: false,
    });
  });
});

describe('validation messages', () => {
  it('URL is required, then must be an absolute address', () => {
    expect(externalUrlError('')).toBe('URL is required!');
    expect(externalUrlError('   ')).toBe('URL is required!');
    expect(externalUrlError('not a url')).not.toBeNull();
    expect(externalUrlError('/services')).not.toBeNull();
    expect(externalUrlError('example.com/services')).toBeNull();
    expect(externalUrlError('https://shop.example.org')).toBeNull();
    expect(externalUrlError('sftp://files.example.com/a')).toBeNull();
  });

  it('Page Name is required', () => {
    expect(pageNameError(' ')).toBe('Page Name is required!');
    expect(pageNameError('Team')).toBeNull();
  });

  it('the hint names the host', () => {
    expect(externalHint('demo.localhost:3100')).toBe('Enter absolute page address e.g demo.localhost:3100/services');
  });
});

describe('builder steps and editors', () => {
  it('editing jumps to Select Template for home, to Edit Page for the others; a new or blank page starts at the templates', () => {
    const stored = { unhtml: '<p>x</p>', unjson: null };
    expect(firstEditStep('home', stored)).toBe(0);
    expect(firstEditStep('about', stored)).toBe(1);
    expect(firstEditStep('4321', { unhtml: '', unjson: { pages: [] } })).toBe(1);
    expect(firstEditStep('4321', null)).toBe(0);
    expect(firstEditStep('4321', { unhtml: ' ', unjson: null })).toBe(0);
  });

  it('legal pages with html and no design open the raw editor', () => {
    const page = { name: 'privacypolicy', unhtml: '<p>x</p>', unjson: null, isExternalLink: false };
    expect(editorFor(page)).toBe('html');
    expect(editorFor({ ...page, unjson: { pages: [] } })).toBe('designer');
    expect(editorFor({ ...page, isExternalLink: true })).toBe('designer');
    expect(editorFor({ ...page, unhtml: '' })).toBe('designer');
    expect(editorFor({ ...page, name: 'about' })).toBe('designer');
  });

  it('template choices carry their content', () => {
    expect(htmlTemplate(null)).toEqual({ kind: 'html', content: { html: '', css: '', projectData: null } });
    expect(savedTemplate({ unhtml: '<p/>', css: 'p{}', unjson: null }).kind).toBe('designer');
    expect(
      storedPage({
        name: 'termsofservice',
        unhtml: '<h2>T</h2>',
        css: '',
        unjson: null,
        isExternalLink: false,
      } as never).kind,
    ).toBe('html');
  });

  it('template page types', () => {
    expect(templatePageType('about')).toBe('about');
    expect(templatePageType('4321')).toBe('others');
  });
});

describe('pageHeaderSavedMessage (spec 3 §8, page header)', () => {
  it('says the header was added when the page had none, else updated, naming the page', () => {
    expect(pageHeaderSavedMessage({ title: 'Events', header: '', subHeader: ' ' })).toBe(
      'Events is added successfully.',
    );
    expect(pageHeaderSavedMessage({ title: 'Events', header: 'Our events', subHeader: '' })).toBe(
      'Events is updated successfully.',
    );
    expect(pageHeaderSavedMessage({ title: 'Shop', header: '', subHeader: 'All we sell' })).toBe(
      'Shop is updated successfully.',
    );
  });
});
