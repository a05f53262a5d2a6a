import { APP_PATH_SEGMENTS } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { ADMIN_REDIRECTS, ADMIN_ROUTES, PUBLIC_ROUTES, SETTINGS_ROUTES, STUDENT_ROUTES } from './route-paths';

describe('the app path segments the server knows', () => {
  it('are exactly the first segments of every face’s routes', () => {
    const paths = [
      ...ADMIN_ROUTES,
      ...SETTINGS_ROUTES,
      ...STUDENT_ROUTES,
      ...PUBLIC_ROUTES,
      ...Object.keys(ADMIN_REDIRECTS).map((path) => ({ path })),
    ].map((route) => route.path);
    const segments = [...new Set(paths.map((path) => path.split('/')[1] ?? '').filter(Boolean))].sort();
    // A new route area must be added to APP_PATH_SEGMENTS (contracts page-address.ts): the server
    // then serves it with the app instead of the site's 404, and no page can take its address.
    expect([...APP_PATH_SEGMENTS].sort()).toEqual(segments);
  });
});
