// @vitest-environment happy-dom
import type { StudioFile } from '@atrium/contracts';
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTokens } from '../../lib/auth-tokens';
import { uploadFile } from './api';
import { UploadButton } from './UploadButton';

/** A stand-in XMLHttpRequest that records the request and lets the test drive its upload. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const saved: StudioFile = {
  id: 'f1',
  fileName: 'Çalışma kâğıdı.pdf',
  contentType: 'application/pdf',
  size: 4,
  source: 'staff',
  uploadedBy: 'u1',
  uploadedByName: 'Sam Staff',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  shares: [],
};

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  storeTokens('access-token', null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('uploadFile', () => {
  it('sends the raw file with its name percent-encoded and the bearer token, and reports progress', async () => {
    const file = new File(['%PDF'], 'अभ्यास पत्र.pdf', { type: 'application/pdf' });
    const fractions: number[] = [];
    const done = uploadFile('/rest/files', file, (fraction) => fractions.push(fraction));
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(new URL(xhr.url, window.location.origin).pathname).toBe('/rest/files');
    expect(xhr.headers['x-file-name']).toBe(encodeURIComponent('अभ्यास पत्र.pdf'));
    expect(xhr.headers['content-type']).toBe('application/octet-stream');
    expect(xhr.headers.authorization).toBe('Bearer access-token');
    expect(xhr.body).toBe(file);
    xhr.progress(1, 4);
    xhr.progress(4, 4);
    xhr.answer(201, saved);
    await expect(done).resolves.toEqual(saved);
    expect(fractions).toEqual([0.25, 1]);
  });

  it("rejects with the server's message and field", async () => {
    const done = uploadFile('/rest/myfiles', new File(['MZ'], 'x.pdf'), () => {});
    (FakeXhr.last as FakeXhr).answer(400, {
      errors: { message: 'Only PDFs, images …', code: 'invalid_input', field: 'file' },
    });
    await expect(done).rejects.toMatchObject({ status: 400, message: 'Only PDFs, images …', field: 'file' });
  });
});

describe('UploadButton', () => {
  const renderButton = (onUploaded = vi.fn()) => {
    const view = render(
      <MantineProvider>
        <UploadButton url="/rest/files" maxBytes={1024} label="Upload File" onUploaded={onUploaded} />
      </MantineProvider>,
    );
    const input = view.container.querySelector('input[type="file"]') as HTMLInputElement;
    return { input, onUploaded };
  };

  it('shows the progress of an upload and hands back the saved file', async () => {
    const { input, onUploaded } = renderButton();
    expect(screen.getByText('PDF, images, Office and text files, up to 1 KB.')).toBeTruthy();
    const file = new File(['%PDF'], 'Çalışma kâğıdı.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [file] } });
    const xhr = FakeXhr.last as FakeXhr;
    act(() => xhr.progress(2, 4));
    expect(screen.getByRole('status').textContent).toContain('Uploading Çalışma kâğıdı.pdf: 50%');
    expect(screen.getByRole('progressbar', { name: 'Uploading Çalışma kâğıdı.pdf' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel upload' })).toBeTruthy();
    await act(async () => xhr.answer(201, saved));
    expect(onUploaded).toHaveBeenCalledWith(saved);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('refuses a file over the limit before sending it', () => {
    const { input, onUploaded } = renderButton();
    fireEvent.change(input, { target: { files: [new File(['x'.repeat(2048)], 'big.pdf')] } });
    expect(FakeXhr.last).toBeNull();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('stops an upload on Cancel', async () => {
    const { input, onUploaded } = renderButton();
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'a.pdf')] } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel upload' })));
    expect(onUploaded).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
