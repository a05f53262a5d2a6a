import { describe, expect, it } from 'vitest';
import { makePage, makeTenant } from '../../test/fixtures';
import { buildPublicNav } from './public-nav';

describe('public site menu', () => {
  it('follows the contracts rule and hides calendar and courses when the tenant hides them', () => {
    const tenant = makeTenant({ isShowSchedule: false, isShowCourses: false });
    expect(buildPublicNav(tenant).map((item) => item.url)).toEqual(['/', '/about']);
  });

  it('marks external pages and page links as external, opened in a new tab', () => {
    const tenant = makeTenant({
      web: { pages: [makePage('home'), makePage('blog', { isExternalLink: true, externalLink: 'blog.example.com' })] },
      page1: 'Shop::shop.example.com',
    });
    const items = buildPublicNav(tenant);
    expect(items.map((item) => [item.title, item.url, item.externalUrl ?? false])).toEqual([
      ['Home', '/', false],
      ['Blog', 'http://blog.example.com', true],
      ['Shop', 'http://shop.example.com', true],
    ]);
    expect(items[0]?.exactMatch).toBe(true);
  });

  it('turns the forms page into a group with one entry per public form', () => {
    const tenant = makeTenant({
      web: { pages: [makePage('forms')] },
      forms: [{ name: 'Waiver', guId: 'g1' }],
    });
    const [forms] = buildPublicNav(tenant);
    expect(forms?.type).toBe('collapsable');
    expect(forms?.children?.map((child) => [child.title, child.url])).toEqual([['Waiver', '/regform/g1']]);
  });
});
