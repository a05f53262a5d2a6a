// @vitest-environment happy-dom
import { MantineProvider, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';

vi.mock('../../lib/notify', () => import('../../test/notify-mock'));

import { clearToasts, toasts } from '../../test/notify-mock';

import { FormDialog, saveAndClose } from './FormDialog';

afterEach(() => {
  cleanup();
  clearToasts();
});

/** A room dialog as the screens write one: the save is what the test gives it. */
function RoomDialog({ save, onClose }: { save: (name: string) => Promise<unknown>; onClose: () => void }) {
  const [pending, setPending] = useState(false);
  const form = useForm({ initialValues: { name: '' } });
  return (
    <FormDialog
      opened
      onClose={onClose}
      title="Add Room"
      pending={pending}
      onSubmit={form.onSubmit(async (values) => {
        setPending(true);
        await saveAndClose(() => save(values.name), {
          success: 'Room added.',
          close: onClose,
          setFieldError: form.setFieldError,
        });
        setPending(false);
      })}
    >
      <TextInput label="Room name" {...form.getInputProps('name')} />
    </FormDialog>
  );
}

const show = (save: (name: string) => Promise<unknown>, onClose = vi.fn()) => {
  render(
    <MantineProvider>
      <RoomDialog save={save} onClose={onClose} />
    </MantineProvider>,
  );
  return onClose;
};

describe('FormDialog', () => {
  it('is a dialog named by its title, with a form of the same name, Cancel and Save', () => {
    const onClose = show(async () => undefined);
    expect(screen.getByRole('dialog', { name: 'Add Room' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Add Room' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the save pending, then says so and closes', async () => {
    let finish = () => {};
    const onClose = show(() => new Promise<void>((resolve) => (finish = resolve)));
    fireEvent.change(screen.getByRole('textbox', { name: 'Room name' }), { target: { value: 'Studio A' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' }).getAttribute('data-loading')).toBe('true'));
    expect(onClose).not.toHaveBeenCalled();
    finish();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(toasts.success).toEqual(['Room added.']);
  });

  it("puts the server's refusal under the field it names and stays open", async () => {
    const onClose = show(async () => {
      throw new ApiError(400, 'duplicate', 'A room named Studio A exists already.', 'name');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('A room named Studio A exists already.')).toBeTruthy());
    expect(screen.getByRole('textbox', { name: 'Room name' }).getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
    expect(toasts.success).toEqual([]);
  });

  it('says a refusal that names no field in a toast', async () => {
    show(async () => {
      throw new ApiError(500, 'http_500', 'Something went wrong.');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts.error).toEqual(['Something went wrong.']));
  });
});
