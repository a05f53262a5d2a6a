import { COURSE_REGISTRANT_KEY } from '@atrium/contracts';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CourseEnrolled } from './CourseEnrolled';
import { keptRegistrant, registrantOf, rememberRegistrant } from './course-registrant';
import { emptyRegistration } from './registration-values';

const render = (node: ReactNode) =>
  renderToStaticMarkup(
    <MantineProvider>
      <MemoryRouter>{node}</MemoryRouter>
    </MantineProvider>,
  );

describe('the demo-course thank-you view', () => {
  it("says '{course} enrolled successfully', that the details went by email, and how to learn on a phone", () => {
    const html = render(
      <CourseEnrolled
        course={{
          status: 'enrolled',
          message: 'Deep Yoga enrolled successfully',
          toast: 'Course enrolled successfully',
          courseUrl: '/courses/deep-yoga',
        }}
        studio="Riverside Yoga"
      >
        <a href="/cform/regform/x/document">Download File</a>
      </CourseEnrolled>,
    );
    expect(html).toMatch(/<h1[^>]*>Deep Yoga enrolled successfully<\/h1>/);
    expect(html).toContain('The course details have been sent to your email.');
    expect(html).toContain(
      'Take the course on your phone too: sign in to Riverside Yoga in your phone&#x27;s browser and open My Courses.',
    );
    expect(html).toMatch(/<a[^>]*href="\/login"[^>]*>Sign in<\/a>/);
    // no store link: the studio settings hold none
    expect(html).not.toMatch(/apps\.apple\.com|play\.google\.com/);
    expect(html).toContain('Download File');
    expect(html).toContain('aria-live="polite"');
  });
});

describe('the registrant kept for the course page', () => {
  it('keeps name, email and phone from the form in this tab', () => {
    const values = emptyRegistration();
    Object.assign(values.identity, {
      firstName: ' Ada ',
      lastName: 'Lovelace',
      email: 'Ada@Example.com ',
      phone: '555',
    });
    const kept = new Map<string, string>();
    const storage = {
      setItem: (k: string, v: string) => kept.set(k, v),
      getItem: (k: string) => kept.get(k) ?? null,
    } as unknown as Storage;
    expect(keptRegistrant(storage)).toEqual({});
    rememberRegistrant(registrantOf(values.identity), storage);
    expect(JSON.parse(kept.get(COURSE_REGISTRANT_KEY) ?? '{}')).toEqual({
      fullName: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '555',
    });
    expect(keptRegistrant(storage)).toEqual({
      fullName: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '555',
    });
    // something else under the key is ignored
    kept.set(COURSE_REGISTRANT_KEY, JSON.stringify({ email: 42, phone: '', firstName: 'Bo' }));
    expect(keptRegistrant(storage)).toEqual({ firstName: 'Bo' });
    kept.set(COURSE_REGISTRANT_KEY, '{not json');
    expect(keptRegistrant(storage)).toEqual({});
  });
});
