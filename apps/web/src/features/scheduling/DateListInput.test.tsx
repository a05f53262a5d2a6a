// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DateListInput, datesOf } from './DateListInput';

afterEach(cleanup);

function Harness({ initial, seen }: { initial: string; seen: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider>
      <DateListInput
        label="No class on"
        value={value}
        onChange={(next) => {
          seen.push(next);
          setValue(next);
        }}
      />
    </MantineProvider>
  );
}

describe('DateListInput', () => {
  it('adds a picked day once, lists the days as people read them, and removes one', () => {
    const seen: string[] = [];
    render(<Harness initial="2026-12-31" seen={seen} />);
    const field = screen.getByLabelText('No class on');
    expect(field.getAttribute('type')).toBe('date');
    fireEvent.change(field, { target: { value: '2026-12-25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add date' }));
    expect(seen.at(-1)).toBe('2026-12-25, 2026-12-31');
    expect(screen.getByText('Dec 25, 2026')).toBeTruthy();
    fireEvent.change(field, { target: { value: '2026-12-25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add date' }));
    expect(seen.at(-1)).toBe('2026-12-25, 2026-12-31');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Dec 31, 2026' }));
    expect(seen.at(-1)).toBe('2026-12-25');
    expect(screen.queryByText('Dec 31, 2026')).toBeNull();
  });

  it('reads a stored list in any spacing, dropping what is not a date', () => {
    expect(datesOf('2026-01-02,2026-01-01  2026-01-02, nonsense')).toEqual(['2026-01-01', '2026-01-02']);
  });
});
