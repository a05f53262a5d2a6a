export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The change-password form's rules: the server's (8+ characters, differs from the current one) plus the confirmation. */
export function changePasswordErrors(
  values: ChangePasswordValues,
): Partial<Record<keyof ChangePasswordValues, string>> {
  const errors: Partial<Record<keyof ChangePasswordValues, string>> = {};
  if (!values.currentPassword) errors.currentPassword = 'Current password is required';
  if (values.newPassword.length < 8) errors.newPassword = 'The new password must be at least 8 characters';
  else if (values.newPassword.length > 200) errors.newPassword = 'The new password must be at most 200 characters';
  else if (values.newPassword === values.currentPassword) {
    errors.newPassword = 'The new password must be different from the current one.';
  }
  if (values.confirmPassword !== values.newPassword) errors.confirmPassword = 'The passwords do not match';
  return errors;
}
