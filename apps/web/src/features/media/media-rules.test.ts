import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, uploadProblem } from './media-rules';

describe('uploadProblem', () => {
  it('takes images and videos up to 10 MB', () => {
    expect(uploadProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(uploadProblem({ type: 'video/mp4', size: MAX_UPLOAD_BYTES })).toBeNull();
  });

  it('refuses other types, SVG, empty and larger files with a clear reason', () => {
    expect(uploadProblem({ type: 'application/pdf', size: 10 })).toBe('Only images and videos can be uploaded.');
    expect(uploadProblem({ type: 'image/svg+xml', size: 10 })).toBe('Only images and videos can be uploaded.');
    expect(uploadProblem({ type: 'image/png', size: MAX_UPLOAD_BYTES + 1 })).toBe('The file is larger than 10 MB.');
    expect(uploadProblem({ type: 'image/png', size: 0 })).toBe('The file is empty.');
  });
});
