import { TEMPLATE_PAGE_TYPES } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { SECTION_CSS, studioBlocks } from './designer-blocks';
import { startersFor, starterTemplate } from './designer-starters';

const studio = {
  name: 'Rock & <Roll> Studio',
  csymbol: '₹',
  phone: '+91 98765 43210',
  email: 'hello@rock.test',
  address: '12 Main Road, Pune',
};

describe('the designer starters', () => {
  it('offers at least one starting point for every page type', () => {
    for (const type of TEMPLATE_PAGE_TYPES) expect(startersFor(type).length).toBeGreaterThan(0);
  });

  it('fills in the studio, escaped, and opens in the designer with its CSS split out once', () => {
    const [home] = startersFor('home');
    if (!home) throw new Error('no home starter');
    const { kind, content } = starterTemplate(home, studio);
    expect(kind).toBe('designer');
    expect(content.html).toContain('Welcome to Rock &amp; &lt;Roll&gt; Studio');
    expect(content.html).not.toContain('<Roll>');
    expect(content.html).not.toContain('<style>');
    expect(content.html).toContain('₹120');
    expect(content.css.split(SECTION_CSS)).toHaveLength(2);
    expect(content.css).toContain('.sb-hero{');
  });

  it('writes the contact page from the studio details, with a tel: link of digits', () => {
    const [contact] = startersFor('contact');
    if (!contact) throw new Error('no contact starter');
    const { html } = starterTemplate(contact, studio).content;
    expect(html).toContain('href="tel:+919876543210"');
    expect(html).toContain('mailto:hello@rock.test');
    expect(html).toContain(`q=${encodeURIComponent('12 Main Road, Pune')}`);
  });

  it('leaves out a contact line the studio has not filled', () => {
    const [contact] = startersFor('contact');
    if (!contact) throw new Error('no contact starter');
    const { html } = starterTemplate(contact, { ...studio, phone: '' }).content;
    expect(html).not.toContain('tel:');
  });

  it('names every section block and gives it an icon', () => {
    for (const block of studioBlocks(studio)) {
      expect(block.label).not.toBe('');
      expect(block.media).toContain('<svg');
      expect(block.attributes.title).toBe(block.label);
    }
  });

  it('offers a Member reviews section carrying the markers the server fills (site-reviews.ts)', () => {
    const block = studioBlocks(studio).find((b) => b.id === 'sb-member-reviews');
    if (!block) throw new Error('no Member reviews block');
    expect(block.label).toBe('Member reviews');
    expect(block.content).toMatch(/<section [^>]*data-site-reviews-section=""/);
    expect(block.content).toContain('<div class="sb-quotes" data-site-reviews="6">');
  });

  it('offers a Notices section carrying the markers the server fills (site-notices.ts)', () => {
    const block = studioBlocks(studio).find((b) => b.id === 'sb-notices');
    if (!block) throw new Error('no Notices block');
    expect(block.content).toMatch(/<section [^>]*data-site-notices-section=""/);
    expect(block.content).toContain('data-site-notices="3"');
  });
});
