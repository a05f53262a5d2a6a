import { describe, expect, it } from 'vitest';
import { fetchPublicPage, hasPageBody, NOT_FOUND_PAGE } from './page-api';

describe('public page viewer data', () => {
  it('shows the 404 content for a missing page or a page without a body', () => {
    const page = { name: 'about', title: 'About', header: 'About', subHeader: null, css: null };
    expect(hasPageBody(null)).toBe(false);
    expect(hasPageBody({ ...page, unhtml: null })).toBe(false);
    expect(hasPageBody({ ...page, unhtml: '   ' })).toBe(false);
    expect(hasPageBody({ ...page, unhtml: '<p>Hi</p>' })).toBe(true);
  });

  it('never asks the server for the not-found marker', async () => {
    await expect(fetchPublicPage('tenant-1', NOT_FOUND_PAGE)).resolves.toBeNull();
  });
});
