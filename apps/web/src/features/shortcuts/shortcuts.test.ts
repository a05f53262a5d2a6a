import { describe, expect, it } from 'vitest';
import type { NavItem } from '../navigation/nav-item';
import { defaultShortcuts, parseShortcuts, searchShortcuts, shortcutChoices } from './shortcuts';

const menu: NavItem[] = [
  { id: 'dashboard', title: 'Dashboard', type: 'item', url: '/dashboard', icon: 'dashboard' },
  {
    id: 'products',
    title: 'Products',
    type: 'collapsable',
    icon: 'package',
    children: [{ id: 'donations', title: 'Donations', type: 'item', url: '/donation', icon: 'heart-handshake' }],
  },
  { id: 'store', title: 'Store', type: 'item', url: '/store', icon: 'building-store' },
  { id: 'hidden', title: 'Self Assessments', type: 'item', url: '/assesment', hidden: true },
  { id: 'help', title: 'Help', type: 'item', url: 'https://support.example', externalUrl: true },
  { id: 'logout', title: 'Logout', type: 'item', url: '/logout' },
];

describe('shortcuts', () => {
  const choices = shortcutChoices(menu);

  it('offers the in-app screens of the menu a person sees (not hidden, external or Logout)', () => {
    expect(choices.map((c) => c.url)).toEqual(['/dashboard', '/donation', '/store']);
  });

  it('searches by title, ignoring case (spec 3 §5)', () => {
    expect(searchShortcuts(choices, 'DON').map((c) => c.title)).toEqual(['Donations']);
    expect(searchShortcuts(choices, '  ')).toHaveLength(3);
    expect(searchShortcuts(choices, 'zzz')).toEqual([]);
  });

  it('gives staff the Store when the studio shows it, students none (spec 3 §6)', () => {
    expect(defaultShortcuts(choices, true, true).map((c) => c.url)).toEqual(['/store']);
    expect(defaultShortcuts(choices, true, false)).toEqual([]);
    expect(defaultShortcuts(choices, false, true)).toEqual([]);
  });

  it('reads the cookie back: none means defaults, junk means none, gone screens drop out, no twins', () => {
    expect(parseShortcuts(null, choices)).toBeNull();
    expect(parseShortcuts('not json', choices)).toEqual([]);
    expect(parseShortcuts('{"url":"/store"}', choices)).toEqual([]);
    const kept = parseShortcuts(
      JSON.stringify([{ url: '/donation' }, { url: '/gone' }, { url: '/donation' }, { url: '/store', title: 'Evil' }]),
      choices,
    );
    expect(kept?.map((c) => [c.url, c.title])).toEqual([
      ['/donation', 'Donations'],
      ['/store', 'Store'],
    ]);
  });
});
