// @vitest-environment happy-dom
import type { CourseDetail } from '@atrium/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';

const addChapter = vi.fn();
const toasts: string[] = [];
vi.mock('./api', () => ({ coursesAdminApi: { addChapter: (...args: unknown[]) => addChapter(...args) } }));
vi.mock('../../../lib/notify', () => ({
  showSuccessToast: (message: string) => toasts.push(`ok: ${message}`),
  showErrorToast: (message: string) => toasts.push(`error: ${message}`),
}));

const { ChapterDialog } = await import('./ChapterDialog');

const COURSE = {
  guId: 'course-1',
  name: 'Yoga',
  sections: [{ guId: 'S1', title: 'Basics', sequence: 0, chapters: [] }],
} as unknown as CourseDetail;

const onSaved = vi.fn();
const onClose = vi.fn();
function open() {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <ChapterDialog
          target={{ mode: 'add', type: 'live', sectionId: 'S1' }}
          course={COURSE}
          timeZone="Asia/Kolkata"
          onClose={onClose}
          onSaved={onSaved}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
}
const submit = () => fireEvent.submit(screen.getByRole('form', { name: 'Add live session chapter' }));
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(cleanup);
beforeEach(() => {
  addChapter.mockReset();
  onSaved.mockReset();
  onClose.mockReset();
  toasts.length = 0;
});

describe('the live session chapter dialog', () => {
  it('shows what is missing under each field and sends nothing', async () => {
    open();
    type(/Duration/, '');
    submit();
    expect(await screen.findByText('Title is required!')).toBeTruthy();
    expect(screen.getByText('A live session needs a start time.')).toBeTruthy();
    expect(addChapter).not.toHaveBeenCalled();
  });

  it("sends the start as an instant read in the studio's zone, then says so and closes", async () => {
    addChapter.mockResolvedValue(COURSE);
    open();
    type(/^Title/, 'Live Q&A');
    type(/Starts at/, '2026-12-01T18:00');
    type(/Duration/, '45');
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(COURSE));
    expect(addChapter).toHaveBeenCalledWith('course-1', 'S1', {
      title: 'Live Q&A',
      type: 'live',
      videoAssetId: null,
      html: '',
      fileId: null,
      startsAt: '2026-12-01T12:30:00.000Z',
      durationMinutes: 45,
      isDemo: false,
      joinIntro: false,
      joinOutro: false,
    });
    expect(toasts).toEqual(['ok: Live Q&A is added successfully.']);
    expect(onClose).toHaveBeenCalled();
  });

  it('puts a refusal naming a field under it; a Zoom refusal (the type) in a toast, and stays open', async () => {
    open();
    type(/^Title/, 'Live Q&A');
    type(/Starts at/, '2026-12-01T18:00');
    addChapter.mockRejectedValueOnce(
      new ApiError(400, 'bad_request', 'A live session needs a start time.', 'startsAt'),
    );
    submit();
    expect(await screen.findByText('A live session needs a start time.')).toBeTruthy();
    addChapter.mockRejectedValueOnce(new ApiError(409, 'conflict', 'Connect Zoom first.', 'type'));
    submit();
    await waitFor(() => expect(toasts).toEqual(['error: Connect Zoom first.']));
    expect(onClose).not.toHaveBeenCalled();
  });
});
