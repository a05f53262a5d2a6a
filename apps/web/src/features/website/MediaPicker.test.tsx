// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The designer's images (issue 29): the studio's media library in place of GrapesJS's own image dialog, with the
// image's alt text asked for (a suggestion from the file's name), required unless the image is decoration.

const library = [
  {
    id: 'm1',
    url: '/media/m1',
    fileName: 'morning-flow_class.jpg',
    contentType: 'image/jpeg',
    size: 10,
    createdAt: '',
  },
  { id: 'm2', url: '/media/m2', fileName: 'IMG_2041.jpg', contentType: 'image/jpeg', size: 10, createdAt: '' },
  { id: 'm3', url: '/media/m3', fileName: 'tour.mp4', contentType: 'video/mp4', size: 10, createdAt: '' },
];
const uploaded: string[] = [];
vi.mock('../media/api', () => ({
  fetchMedia: async () => [...library],
  uploadMedia: async (file: File) => {
    uploaded.push(file.name);
    const item = { id: 'm4', url: '/media/m4', fileName: file.name, contentType: file.type, size: 5, createdAt: '' };
    library.unshift(item);
    return item;
  },
}));

const { MediaPicker, altSuggestion } = await import('./MediaPicker');

const onPick = vi.fn();
function open(needsAlt: boolean, currentAlt = '') {
  render(
    <MantineProvider>
      <MediaPicker opened needsAlt={needsAlt} currentAlt={currentAlt} onPick={onPick} onCancel={() => undefined} />
    </MantineProvider>,
  );
}

beforeEach(() => onPick.mockReset());
afterEach(cleanup);

describe('alt text suggestions', () => {
  it("start from the file's words, never from a camera's or a screenshot's name", () => {
    expect(altSuggestion('morning-flow_class.jpg')).toBe('Morning flow class');
    expect(altSuggestion('Studio.Front.Door.webp')).toBe('Studio front door');
    expect(altSuggestion('IMG_2041.jpg')).toBe('');
    expect(altSuggestion('DSC0042.JPG')).toBe('');
    expect(altSuggestion('Screenshot 2026-01-02 at 10.00.00.png')).toBe('');
    expect(altSuggestion('12345.png')).toBe('');
  });
});

describe('the image picker', () => {
  it('lists the images of the media library (not its videos) as named buttons', async () => {
    open(true);
    const images = await screen.findByRole('group', { name: 'Your images' });
    const names = Array.from(images.querySelectorAll('button')).map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(['morning-flow_class.jpg', 'IMG_2041.jpg']);
  });

  it('suggests a description from the file name and uses the image with it', async () => {
    open(true);
    fireEvent.click(await screen.findByRole('button', { name: 'morning-flow_class.jpg' }));
    expect(screen.getByRole('button', { name: 'morning-flow_class.jpg' }).getAttribute('aria-pressed')).toBe('true');
    const alt = screen.getByRole('textbox', { name: /Describe the image/ }) as HTMLInputElement;
    expect(alt.value).toBe('Morning flow class');
    fireEvent.change(alt, { target: { value: 'Six people in a morning flow class by the window' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use this image' }));
    expect(onPick).toHaveBeenCalledWith({ src: '/media/m1', alt: 'Six people in a morning flow class by the window' });
  });

  it('will not place an image with no description unless it is marked decoration', async () => {
    open(true);
    fireEvent.click(await screen.findByRole('button', { name: 'IMG_2041.jpg' }));
    expect((screen.getByRole('textbox', { name: /Describe the image/ }) as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Use this image' }));
    expect(await screen.findByText('Describe the image, or tick that it is only decoration.')).toBeTruthy();
    expect(onPick).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('checkbox', { name: /It is only decoration/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Use this image' }));
    expect(onPick).toHaveBeenCalledWith({ src: '/media/m2', alt: '' });
  });

  it('keeps the description of the image being replaced', async () => {
    open(true, 'The front desk');
    fireEvent.click(await screen.findByRole('button', { name: 'morning-flow_class.jpg' }));
    expect((screen.getByRole('textbox', { name: /Describe the image/ }) as HTMLInputElement).value).toBe(
      'The front desk',
    );
  });

  it('asks for no description for a background photo', async () => {
    open(false);
    fireEvent.click(await screen.findByRole('button', { name: 'IMG_2041.jpg' }));
    expect(screen.queryByRole('textbox', { name: /Describe the image/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Use this image' }));
    expect(onPick).toHaveBeenCalledWith({ src: '/media/m2', alt: '' });
  });

  it('uploads an image into the library and chooses it, with its suggested description', async () => {
    open(true);
    await screen.findByRole('group', { name: 'Your images' });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File([new Uint8Array([1, 2, 3])], 'reception-desk.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'reception-desk.png' }).getAttribute('aria-pressed')).toBe('true'),
    );
    expect(uploaded).toEqual(['reception-desk.png']);
    expect((screen.getByRole('textbox', { name: /Describe the image/ }) as HTMLInputElement).value).toBe(
      'Reception desk',
    );
  });

  it('refuses a video before sending it', async () => {
    open(true);
    await screen.findByRole('group', { name: 'Your images' });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([1])], 'a.mp4', { type: 'video/mp4' })] } });
    expect(await screen.findByText('Only images can be used here.')).toBeTruthy();
    expect(uploaded).not.toContain('a.mp4');
  });
});
