import {
  EmailTemplateWrite,
  isBlankTemplateBody,
  renderTemplate,
  SAMPLE_TEMPLATE_BODY,
  SAMPLE_TEMPLATE_SUBJECT,
  STANDARD_TEMPLATE_TAGS,
  templateTags,
} from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { pageOf } from '../../app/components/ListPager';
import { formatMediumDate, insertTagAt, TEMPLATE_PAGE_SIZE, TEMPLATE_PAGE_SIZES, tagChips } from './template-rules';

describe('renderTemplate', () => {
  const values = { firstname: 'Ana', lastname: '<O’Neil & Co>', orgname: 'Lotus' };

  it('replaces each {{tag}}, with spaces in the braces and any case', () => {
    expect(renderTemplate('Hi {{firstname}} {{ LastName }} from {{orgname}}', values)).toBe(
      'Hi Ana <O’Neil & Co> from Lotus',
    );
  });

  it('escapes values in HTML bodies, not in subjects', () => {
    expect(renderTemplate('<p>{{lastname}}</p>', values, { html: true })).toBe('<p>&lt;O’Neil &amp; Co&gt;</p>');
    expect(renderTemplate('"{{firstname}}"', { firstname: `a"b'c` }, { html: true })).toBe('"a&quot;b&#39;c"');
  });

  it('renders unknown and empty tags as nothing, and leaves single braces alone', () => {
    expect(renderTemplate('A{{nosuch}}B{{phone}}C', { phone: null })).toBe('ABC');
    expect(renderTemplate('{firstname} {{first name}}', values)).toBe('{firstname} {{first name}}');
  });

  it('does not re-expand tags inside values', () => {
    expect(renderTemplate('{{firstname}}', { firstname: '{{orgname}}', orgname: 'X' })).toBe('{{orgname}}');
  });

  it('lists the tags a text uses, once each', () => {
    expect(templateTags('{{a}} {{B}} {{a}} {{ c }}')).toEqual(['a', 'b', 'c']);
  });
});

describe('template body and form rules', () => {
  it('an empty editor body is blank; text or an image is not', () => {
    expect(isBlankTemplateBody('<p></p>')).toBe(true);
    expect(isBlankTemplateBody('<p>&nbsp; </p><br>')).toBe(true);
    expect(isBlankTemplateBody('<p>Hi</p>')).toBe(false);
    expect(isBlankTemplateBody('<p><img src="x.png"></p>')).toBe(false);
  });

  it('the sample subject and body are valid and explain tags', () => {
    const parsed = EmailTemplateWrite.safeParse({
      name: 'x',
      subject: SAMPLE_TEMPLATE_SUBJECT,
      template: SAMPLE_TEMPLATE_BODY,
    });
    expect(parsed.success).toBe(true);
    expect(SAMPLE_TEMPLATE_BODY).toContain('{{firstname}}');
    expect(SAMPLE_TEMPLATE_BODY).toMatch(/tag/i);
  });

  it('uses the spec messages', () => {
    const parsed = EmailTemplateWrite.safeParse({ name: ' ', subject: '', template: '<p></p>' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
      'Template Name is required!',
      'Subject is required!',
      'Template body is required!',
    ]);
  });
});

describe('tag insertion (a chip dropped or pressed into the Subject)', () => {
  it('inserts at the caret and puts the caret after the tag', () => {
    expect(insertTagAt('Hello !', 'firstname', 6)).toEqual({ value: 'Hello {{firstname}}!', caret: 19 });
  });

  it('replaces a selection', () => {
    expect(insertTagAt('Hello NAME!', 'firstname', 6, 10)).toEqual({ value: 'Hello {{firstname}}!', caret: 19 });
  });

  it('appends without a caret, and clamps a caret past the end', () => {
    expect(insertTagAt('Hi ', 'orgname', null)).toEqual({ value: 'Hi {{orgname}}', caret: 14 });
    expect(insertTagAt('Hi', 'orgname', 99)).toEqual({ value: 'Hi{{orgname}}', caret: 13 });
    expect(insertTagAt('', 'email', 0)).toEqual({ value: '{{email}}', caret: 9 });
  });
});

describe('tag chips', () => {
  it('standard tags first (orange), then the platform email tags, then custom fields (blue), no duplicates', () => {
    const chips = tagChips(
      [
        { name: 'Belt colour', tag: 'belt' },
        { name: 'Dup', tag: 'email' },
        { name: 'Empty', tag: '' },
      ],
      'password_reset',
    );
    // the ten of spec 2 §3, in the contract's order
    expect(STANDARD_TEMPLATE_TAGS).toHaveLength(10);
    expect(chips.slice(0, 10).map((c) => [c.tag, c.kind])).toEqual(
      STANDARD_TEMPLATE_TAGS.map((tag) => [tag, 'standard']),
    );
    expect(chips.slice(10).map((c) => [c.tag, c.kind, c.label])).toEqual([
      ['resetlink', 'system', 'resetlink'],
      ['resetminutes', 'system', 'resetminutes'],
      ['belt', 'custom', 'Belt colour'],
    ]);
    expect(tagChips([], null).every((chip) => chip.kind === 'standard')).toBe(true);
  });
});

describe('template list', () => {
  it('pages 5 at a time with the spec options', () => {
    expect(TEMPLATE_PAGE_SIZE).toBe(5);
    expect(TEMPLATE_PAGE_SIZES).toEqual([5, 10, 50, 100, 150]);
    const rows = Array.from({ length: 12 }, (_, i) => i);
    expect(pageOf(rows, 1, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(pageOf(rows, 3, 5)).toEqual([10, 11]);
    expect(pageOf(rows, 9, 5)).toEqual([10, 11]);
    expect(pageOf([], 1, 5)).toEqual([]);
  });

  it('shows the created date as a medium date in the tenant time zone', () => {
    expect(formatMediumDate('2026-01-05T03:00:00Z', 'America/New_York')).toBe('Jan 4, 2026');
    expect(formatMediumDate('2026-01-05T03:00:00Z', 'Asia/Kolkata')).toBe('Jan 5, 2026');
    expect(formatMediumDate('nonsense')).toBe('');
  });
});
