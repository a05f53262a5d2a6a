import { Alert, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { UseQueryResult } from '@tanstack/react-query';
import type { FormEventHandler, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Busy } from '../../app/components/Busy';
import { FormActions } from '../../app/components/FormDialog';
import { isApiError } from '../../lib/api-error';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { SettingsHeader, useIsAdmin } from './SettingsHeader';

/**
 * A settings screen that reads one record: its header with the back arrow, a spinner while the
 * record loads, a plain message when it cannot, then the form for it.
 */
export function SettingsScreen<T>(props: {
  title: string;
  /** What is loading, for the spinner's label and the failure text ("the payment settings"). */
  what: string;
  query: UseQueryResult<T>;
  backTo?: string;
  actions?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { query } = props;
  return (
    <section aria-label={props.title}>
      <SettingsHeader title={props.title} backTo={props.backTo}>
        {props.actions}
      </SettingsHeader>
      {query.isLoading ? (
        <Busy label={`Loading ${props.what}`} />
      ) : query.data !== undefined ? (
        props.children(query.data)
      ) : (
        <Text c="red.9">{`${props.what[0]?.toUpperCase()}${props.what.slice(1)} could not be loaded. Please reload the page.`}</Text>
      )}
    </section>
  );
}

/** Shown above a settings form to staff who may read it but not change it. */
export function ReadOnlyNotice() {
  return useIsAdmin() ? null : (
    <Alert color="gray" title="Read only">
      Only an administrator can change these settings.
    </Alert>
  );
}

/**
 * A settings form: disabled for non-admins (decisions.md "Settings"), with Cancel (back to
 * `cancelTo`) and Submit for admins.
 */
export function SettingsForm(props: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  cancelTo: string;
  children: ReactNode;
}) {
  const isAdmin = useIsAdmin();
  const navigate = useNavigate();
  return (
    <form onSubmit={props.onSubmit} noValidate>
      <fieldset disabled={!isAdmin} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack gap="md" maw={880}>
          <ReadOnlyNotice />
          {props.children}
          {isAdmin ? (
            <FormActions onCancel={() => navigate(props.cancelTo)} pending={props.saving} submitLabel="Submit" />
          ) : null}
        </Stack>
      </fieldset>
    </form>
  );
}

/** A failed save: the server's message as a toast, and under its field when the form has one. */
export function saveErrorHandler(form: {
  values: object;
  setFieldError: (field: string, message: string) => void;
}): (error: Error) => void {
  return (error) => {
    if (isApiError(error) && error.field && error.field in form.values) form.setFieldError(error.field, error.message);
    showErrorToast(error.message);
  };
}

/**
 * A settings form's submit: saves the values (as `body` writes them), says 'Successfully updated settings.' and
 * marks the form clean; a refusal goes to `onError` (its message as a toast unless the screen says otherwise); a
 * form that is not valid says 'Invalid Form!'.
 */
export function settingsSubmit<V, B>(
  form: UseFormReturnType<V>,
  save: { mutate: (body: B, options: { onSuccess: () => void; onError: (error: Error) => void }) => void },
  body: (values: V) => NoInfer<B>,
  onError: (error: Error) => void = (error) => showErrorToast(error.message),
) {
  return form.onSubmit(
    (values) =>
      save.mutate(body(values), {
        onSuccess: () => {
          showSuccessToast('Successfully updated settings.');
          form.resetDirty();
        },
        onError,
      }),
    () => showErrorToast('Invalid Form!'),
  );
}
