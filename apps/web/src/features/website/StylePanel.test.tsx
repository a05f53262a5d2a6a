// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StylePanel, type StyleTarget } from './StylePanel';

afterEach(cleanup);

function show(target: StyleTarget | null) {
  const onChange = vi.fn();
  const onPickImage = vi.fn();
  const advancedRef = createRef<HTMLDivElement>();
  render(
    <MantineProvider>
      <StylePanel
        target={target}
        themeColor="#2b8a3e"
        onChange={onChange}
        onPickImage={onPickImage}
        advancedRef={advancedRef}
      />
    </MantineProvider>,
  );
  return { onChange, onPickImage, advancedRef };
}

describe('the style panel', () => {
  it('asks for a selection first, and keeps the raw style manager folded under Advanced', () => {
    const { advancedRef } = show(null);
    const panel = screen.getByRole('complementary', { name: 'Style' });
    expect(within(panel).getByText(/Select a block on the page/)).toBeTruthy();
    expect(within(panel).queryByRole('radiogroup')).toBeNull();
    const advanced = advancedRef.current?.closest('details');
    expect(advanced?.open).toBe(false);
    expect(advanced?.querySelector('summary')?.textContent).toBe('Advanced: every CSS property');
  });

  it('offers named choices, each a labelled radio, with the current ones checked', () => {
    show({
      name: 'Section',
      style: {
        'padding-top': '40px',
        'padding-bottom': '40px',
        'text-align': 'center',
        'background-color': 'var(--site-primary-900, #212529)',
        color: 'var(--site-primary-900-text, #ffffff)',
      },
    });
    expect(screen.getByText('Style: Section')).toBeTruthy();
    const group = (name: string) => screen.getByRole('radiogroup', { name });
    expect(
      within(group('Spacing'))
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['none', 'small', 'medium', 'large']);
    expect((within(group('Spacing')).getByRole('radio', { name: 'Medium' }) as HTMLInputElement).checked).toBe(true);
    expect((within(group('Alignment')).getByRole('radio', { name: 'Centre' }) as HTMLInputElement).checked).toBe(true);
    expect((within(group('Background')).getByRole('radio', { name: 'Dark' }) as HTMLInputElement).checked).toBe(true);
    expect((within(group('Text colour')).getByRole('radio', { name: 'Automatic' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it("writes the choice on the element's style", () => {
    const { onChange } = show({ name: 'Section', style: {} });
    fireEvent.click(screen.getByRole('radio', { name: 'Large' }));
    expect(onChange).toHaveBeenLastCalledWith({ 'padding-top': '80px', 'padding-bottom': '80px' });
    fireEvent.click(screen.getByRole('radio', { name: 'Right' }));
    expect(onChange).toHaveBeenLastCalledWith({ 'text-align': 'right' });
    fireEvent.click(
      within(screen.getByRole('radiogroup', { name: 'Background' })).getByRole('radio', { name: 'Light' }),
    );
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        'background-color': 'var(--site-primary-50, #f8f9fa)',
        color: 'var(--site-primary-50-text, #212529)',
      }),
    );
    fireEvent.click(screen.getByRole('radio', { name: 'White' }));
    expect(onChange).toHaveBeenLastCalledWith({ color: '#ffffff' });
  });

  it('asks for a photo when Image is the background', () => {
    const { onChange, onPickImage } = show({ name: 'Section', style: {} });
    fireEvent.click(screen.getByRole('radio', { name: 'Image' }));
    expect(onPickImage).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('offers to change a background photo already set', () => {
    const { onPickImage } = show({ name: 'Section', style: { 'background-image': 'url("/media/1")' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change the background image' }));
    expect(onPickImage).toHaveBeenCalledTimes(1);
  });
});
