import { describe, expect, it } from 'vitest';
import { changePasswordErrors } from './password-rules';

describe('changePasswordErrors', () => {
  it('needs the current password, 8+ new characters that differ from it, and a matching confirmation', () => {
    expect(changePasswordErrors({ currentPassword: '', newPassword: 'short', confirmPassword: 'other' })).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'The new password must be at least 8 characters',
      confirmPassword: 'The passwords do not match',
    });
    expect(
      changePasswordErrors({
        currentPassword: 'same-pass-1',
        newPassword: 'same-pass-1',
        confirmPassword: 'same-pass-1',
      }),
    ).toEqual({ newPassword: 'The new password must be different from the current one.' });
    expect(
      changePasswordErrors({
        currentPassword: 'old-pass-1',
        newPassword: 'new-pass-12',
        confirmPassword: 'new-pass-12',
      }),
    ).toEqual({});
  });
});
