// @vitest-environment happy-dom
import type { PublicCourseList, PublicCourseSummary } from '@atrium/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTenant } from '../../test/fixtures';
import { updateSession } from '../session/session-store';
import { ListingPlaceholder } from './ListingPlaceholder';

// The website designer's courses standard page: the studio's published courses as visitors see them
// (GET /public/course, answered here by a stand-in of the server), or where to add one.

const requests: string[] = [];

function course(overrides: Partial<PublicCourseSummary>): PublicCourseSummary {
  return {
    guId: 'c1',
    name: 'Yoga Basics',
    slug: 'yoga-basics',
    description: '',
    teacherName: null,
    imageUrl: null,
    pricing: 'paid',
    priceMinor: 3000,
    currency: 'USD',
    itemId: 'i1',
    sectionCount: 1,
    chapterCount: 2,
    durationSeconds: 0,
    allowsDemo: false,
    url: '/courses/yoga-basics',
    ...overrides,
  };
}

function serverAnswers(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(String(url));
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

function show(isShowCourses = true) {
  updateSession({ tenant: makeTenant({ isShowCourses }) });
  render(
    <MantineProvider>
      <MemoryRouter>
        <ListingPlaceholder name="courses" title="Courses" />
      </MemoryRouter>
    </MantineProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  requests.length = 0;
});

describe('the courses standard page in the designer', () => {
  it('lists the published courses with their price and a link to each page, not the generic note', async () => {
    const list: PublicCourseList = {
      currency: 'USD',
      data: [
        course({}),
        course({ guId: 'c2', name: 'Free Flow', slug: 'free-flow', url: '/courses/free-flow', pricing: 'free' }),
      ],
    };
    serverAnswers(200, list);
    show();
    const listed = await screen.findByRole('list', { name: 'Courses visitors see' });
    const items = within(listed).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Yoga Basics: $30.00', 'Free Flow: Free']);
    expect(within(listed).getByRole('link', { name: 'Yoga Basics' }).getAttribute('href')).toBe('/courses/yoga-basics');
    expect(within(listed).getByRole('link', { name: 'Free Flow' }).getAttribute('href')).toBe('/courses/free-flow');
    expect(requests).toEqual([expect.stringMatching(/\/public\/course$/)]);
    expect(screen.queryByText(/Its content comes from the courses themselves/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Courses' }).getAttribute('href')).toBe('/services');
  });

  it('says to add a course under Courses, with the link, when none is published', async () => {
    serverAnswers(200, { currency: 'USD', data: [] });
    show();
    const empty = await screen.findByText(/No courses are published yet\. Add a course under/);
    expect(within(empty).getByRole('link', { name: 'Courses' }).getAttribute('href')).toBe('/services');
  });

  it('says so when the courses cannot be loaded', async () => {
    serverAnswers(500, { errors: { message: 'boom' } });
    show();
    expect(await screen.findByText('The courses could not be loaded.')).toBeTruthy();
  });

  it('asks nothing of the server while courses are off', () => {
    serverAnswers(200, { currency: 'USD', data: [] });
    show(false);
    expect(screen.getByText(/Courses are turned off for your organisation/)).toBeTruthy();
    expect(requests).toEqual([]);
  });
});
