import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, PUBLIC_ROUTES, SETTINGS_ROUTES, STUDENT_ROUTES } from '../features/navigation/route-paths';
import { SCREENS as ADMIN_SCREENS } from './admin/AdminFace';
import { SCREENS as PUBLIC_SCREENS } from './public/PublicFace';
import { SCREENS as STUDENT_SCREENS } from './student/StudentFace';

const builtPaths = (routes: readonly { path: string; built?: true }[]) =>
  routes
    .filter((route) => route.built)
    .map((route) => route.path)
    .sort();

describe('the built routes and the screens of each face', () => {
  it('agree: a route is marked built exactly when its face has a screen for it', () => {
    expect(Object.keys(ADMIN_SCREENS).sort()).toEqual(builtPaths([...ADMIN_ROUTES, ...SETTINGS_ROUTES]));
    expect(Object.keys(STUDENT_SCREENS).sort()).toEqual(builtPaths(STUDENT_ROUTES));
    // the home page is the website's own, not a screen of the table
    expect(['/', ...Object.keys(PUBLIC_SCREENS)].sort()).toEqual(builtPaths(PUBLIC_ROUTES));
  });
});
