// @vitest-environment happy-dom
import type { Chapter, CourseDetail, Section } from '@atrium/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeChapter } from '../../../test/fixtures';

const calls = {
  orderChapters: vi.fn(),
  orderSections: vi.fn(),
  changeChapter: vi.fn(),
  addChapter: vi.fn(),
  addSection: vi.fn(),
  removeChapter: vi.fn(),
};
const toasts: string[] = [];
vi.mock('./api', () => ({ coursesAdminApi: calls, courseKeys: { all: ['courses-admin'] } }));
vi.mock('../../../lib/notify', () => ({
  showSuccessToast: (message: string) => toasts.push(`ok: ${message}`),
  showErrorToast: (message: string) => toasts.push(`error: ${message}`),
}));

const { CourseOutline } = await import('./CourseOutline');

const chapter = (guId: string, title: string, sectionId: string, sequence: number, type: Chapter['type'] = 'text') =>
  makeChapter({ guId, sectionId, title, sequence, type });

function outline(): Section[] {
  return [
    {
      guId: 'S1',
      title: 'Basics',
      sequence: 0,
      chapters: [chapter('a', 'Breathing', 'S1', 0), chapter('b', 'Posture', 'S1', 1)],
    },
    { guId: 'S2', title: 'Flows', sequence: 1, chapters: [chapter('c', 'Sun salutation', 'S2', 0)] },
  ];
}
const COURSE = { guId: 'course-1', name: 'Yoga', sections: outline() } as unknown as CourseDetail;
const withSections = (sections: Section[]): CourseDetail => ({ ...COURSE, sections });

function Harness({ onChange }: { onChange?: (course: CourseDetail) => void }) {
  const [course, setCourse] = useState(COURSE);
  return (
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <CourseOutline
          course={course}
          timeZone="America/New_York"
          setCourse={(next) => {
            setCourse(next);
            onChange?.(next);
          }}
        />
      </QueryClientProvider>
    </MantineProvider>
  );
}

/** The chapter titles in the order the screen shows them, section by section. */
function shown(): string[][] {
  return screen.getAllByRole('list', { name: /Basics|Flows/ }).map((list) =>
    within(list)
      .queryAllByRole('listitem')
      .map((item) => item.querySelector('p')?.textContent ?? '')
      .filter((text) => text !== 'No chapters yet.'),
  );
}

afterEach(cleanup);
beforeEach(() => {
  for (const fn of Object.values(calls)) fn.mockReset();
  toasts.length = 0;
});

describe('the outline, by keyboard', () => {
  it("moves a chapter down inside its section: the server gets the section's whole order, the move is announced", async () => {
    let resolve: (course: CourseDetail) => void = () => undefined;
    calls.orderChapters.mockReturnValue(new Promise((r) => (resolve = r)));
    render(<Harness />);
    expect(shown()).toEqual([['Breathing', 'Posture'], ['Sun salutation']]);
    const button = screen.getByRole('button', { name: 'Move Breathing down' });
    button.focus();
    fireEvent.click(button);
    // Shown at once, before the server answers.
    expect(shown()).toEqual([['Posture', 'Breathing'], ['Sun salutation']]);
    expect(calls.orderChapters).toHaveBeenCalledWith('course-1', 'S1', ['b', 'a']);
    const saved = outline();
    saved[0] = {
      ...saved[0],
      chapters: [chapter('b', 'Posture', 'S1', 0), chapter('a', 'Breathing', 'S1', 1)],
    } as Section;
    await act(async () => resolve(withSections(saved)));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Breathing moved to position 2 of 2 in Basics.'),
    );
    expect(toasts).toEqual(['ok: Sequence updated.']);
    expect(calls.changeChapter).not.toHaveBeenCalled();
  });

  it("carries the last chapter of a section into the next one's start: the move, then the order", async () => {
    const moved = outline();
    moved[0] = { ...moved[0], chapters: [chapter('a', 'Breathing', 'S1', 0)] } as Section;
    moved[1] = {
      ...moved[1],
      chapters: [chapter('c', 'Sun salutation', 'S2', 0), chapter('b', 'Posture', 'S2', 1)],
    } as Section;
    const ordered = structuredClone(moved);
    (ordered[1] as Section).chapters.reverse();
    calls.changeChapter.mockResolvedValue(withSections(moved));
    calls.orderChapters.mockResolvedValue(withSections(ordered));
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Move Posture down' }));
    await waitFor(() => expect(calls.orderChapters).toHaveBeenCalledWith('course-1', 'S2', ['b', 'c']));
    expect(calls.changeChapter).toHaveBeenCalledWith('course-1', 'b', { sectionId: 'S2' });
    expect(calls.changeChapter.mock.invocationCallOrder[0]).toBeLessThan(
      calls.orderChapters.mock.invocationCallOrder[0] ?? 0,
    );
    await waitFor(() => expect(shown()).toEqual([['Breathing'], ['Posture', 'Sun salutation']]));
  });

  it('puts the old order back and says so when the server refuses', async () => {
    calls.orderChapters.mockRejectedValue(new Error('nope'));
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Move Posture up' }));
    await waitFor(() => expect(toasts).toEqual(['error: Some error occured. Please try again.']));
    expect(shown()).toEqual([['Breathing', 'Posture'], ['Sun salutation']]);
  });

  it('has no way up for the first chapter or down for the last, and moves sections', async () => {
    calls.orderSections.mockImplementation(async (_id: string, order: string[]) =>
      withSections(order.map((id) => outline().find((s) => s.guId === id) as Section)),
    );
    render(<Harness />);
    expect((screen.getByRole('button', { name: 'Move Breathing up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Sun salutation down' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move section Basics up' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move section Flows up' }));
    await waitFor(() => expect(calls.orderSections).toHaveBeenCalledWith('course-1', ['S2', 'S1']));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Flows moved to position 1 of 2.'));
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(['Flows', 'Basics']);
  });
});

describe('the outline, by drag and drop', () => {
  it('drops a chapter on another section’s chapter: it takes that place', async () => {
    calls.changeChapter.mockResolvedValue(COURSE);
    calls.orderChapters.mockResolvedValue(COURSE);
    render(<Harness />);
    const source = screen.getByText('Sun salutation').closest('li') as HTMLElement;
    const target = screen.getByText('Breathing').closest('li') as HTMLElement;
    const dataTransfer = { setData: vi.fn(), effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(source, { dataTransfer });
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
    await waitFor(() => expect(calls.orderChapters).toHaveBeenCalledWith('course-1', 'S1', ['c', 'a', 'b']));
    expect(calls.changeChapter).toHaveBeenCalledWith('course-1', 'c', { sectionId: 'S1' });
  });
});
