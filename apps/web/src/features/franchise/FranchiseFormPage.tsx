import { FRANCHISE_MESSAGES, FRANCHISE_TIMEZONES, timeZoneChoices } from '@atrium/contracts';
import { Alert, Group, Loader, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useParams } from 'react-router';
import { FieldPairs, FieldsCard } from '../../app/components/FieldsCard';
import { FormActions } from '../../app/components/FormDialog';
import { isApiError } from '../../lib/api-error';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { SettingsHeader } from '../settings/SettingsHeader';
import {
  EMPTY_FRANCHISE_FORM,
  FRANCHISE_LIST_PATH,
  type FranchiseFormMode,
  type FranchiseFormValues,
  formFieldOf,
  franchiseValidation,
  toCreateBody,
  toFranchiseFormValues,
  toUpdateBody,
} from './franchise-rules';
import { useFranchise, useSaveFranchise } from './hooks';

/** Spec 2 §2 "Franchise" form: header Create or Update; edit hides password and timezone (§4). */
export default function FranchiseFormPage() {
  const { id } = useParams();
  const franchise = useFranchise(id);
  if (!id) return <FranchiseForm mode="create" initial={EMPTY_FRANCHISE_FORM} />;
  if (franchise.isPending) {
    return (
      <Stack>
        <SettingsHeader title="Update" backTo={FRANCHISE_LIST_PATH} />
        <Group justify="center" py="xl">
          <Loader aria-label="Loading franchise" />
        </Group>
      </Stack>
    );
  }
  if (!franchise.data) {
    return (
      <Stack>
        <SettingsHeader title="Update" backTo={FRANCHISE_LIST_PATH} />
        <Alert color="red">{franchise.error?.message ?? 'Franchise not found.'}</Alert>
      </Stack>
    );
  }
  return <FranchiseForm mode="edit" id={id} initial={toFranchiseFormValues(franchise.data)} />;
}

function FranchiseForm({ mode, id, initial }: { mode: FranchiseFormMode; id?: string; initial: FranchiseFormValues }) {
  const navigate = useNavigate();
  const save = useSaveFranchise(id);
  const form = useForm<FranchiseFormValues>({ initialValues: initial, validate: franchiseValidation(mode) });
  const creating = mode === 'create';

  const submit = form.onSubmit(
    (values) => {
      save.mutate(creating ? toCreateBody(values) : toUpdateBody(values), {
        onSuccess: () => {
          showSuccessToast(creating ? 'Successfully created franchise.' : 'Successfully updated franchise.');
          navigate(FRANCHISE_LIST_PATH);
        },
        onError: (error) => {
          const field = isApiError(error) ? formFieldOf(error.field) : null;
          if (field) form.setFieldError(field, error.message);
          // Spec 2 §8: create and update errors show the raw error.
          showErrorToast(error.message);
        },
      });
    },
    () => showErrorToast(FRANCHISE_MESSAGES.invalidForm),
  );

  return (
    <Stack gap="md" component="section">
      <SettingsHeader title={creating ? 'Create' : 'Update'} backTo={FRANCHISE_LIST_PATH} />
      <form onSubmit={submit} noValidate aria-label={creating ? 'Create franchise' : 'Update franchise'}>
        <Stack gap="md" maw={880}>
          <FieldsCard>
            <FieldPairs>
              <TextInput label="Name of franchise" withAsterisk {...form.getInputProps('businessName')} />
              <TextInput
                label="Franchise OrgId"
                withAsterisk={creating}
                description={creating ? 'Its web address: {orgId}.your-domain. It cannot be changed later.' : undefined}
                readOnly={!creating}
                autoCapitalize="none"
                spellCheck={false}
                {...form.getInputProps('orgId')}
              />
              <TextInput label="Phone" type="tel" withAsterisk {...form.getInputProps('phone')} />
              {creating ? (
                <Select
                  label="TimeZone"
                  withAsterisk
                  data={timeZoneChoices(FRANCHISE_TIMEZONES)}
                  searchable
                  {...form.getInputProps('timezone')}
                />
              ) : null}
            </FieldPairs>
          </FieldsCard>
          <FieldsCard>
            <FieldPairs>
              <TextInput label="Admin name" withAsterisk autoComplete="off" {...form.getInputProps('name')} />
              <TextInput label="Email" type="email" withAsterisk autoComplete="off" {...form.getInputProps('email')} />
              {creating ? (
                <PasswordInput
                  label="Password"
                  withAsterisk
                  autoComplete="new-password"
                  {...form.getInputProps('password')}
                />
              ) : null}
            </FieldPairs>
          </FieldsCard>
          <FieldsCard>
            <FieldPairs>
              <TextInput label="Address line 1" {...form.getInputProps('line1')} />
              <TextInput label="Address line 2" {...form.getInputProps('line2')} />
              <TextInput label="City" withAsterisk {...form.getInputProps('city')} />
              <TextInput label="State" withAsterisk {...form.getInputProps('state')} />
              <TextInput label="Zip code" withAsterisk inputMode="numeric" {...form.getInputProps('zip')} />
            </FieldPairs>
          </FieldsCard>
          <FormActions
            cancelTo={FRANCHISE_LIST_PATH}
            pending={save.isPending}
            submitLabel={creating ? 'Create' : 'Update'}
          />
        </Stack>
      </form>
    </Stack>
  );
}
