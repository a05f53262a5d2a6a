import { USER_ROLE_LABELS, USER_ROLES, type UserDetail } from '@atrium/contracts';
import { Alert, Avatar, Button, Card, Grid, Group, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconUserShare } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { Busy } from '../../app/components/Busy';
import { FormActions } from '../../app/components/FormDialog';
import { showSuccessToast } from '../../lib/notify';
import { startActingAsMember } from '../session/preview-actions';
import { useSession } from '../session/session-store';
import { SettingsHeader, useIsAdmin } from '../settings/SettingsHeader';
import { useUpdateUser, useUserDetail } from './hooks';
import { UsersSidebar } from './UsersSidebar';
import { formChanged, formFromDetail, lockedControls, type UserFormValues, updateBody } from './users-rules';

type Flag = Exclude<keyof UserFormValues, 'role'>;

/** Spec 2 §2 "User detail": the switches and what each one means. */
const SWITCHES: { key: Flag; label: string; description: string }[] = [
  {
    key: 'isNotifySales',
    label: 'Sales notifications',
    description: 'When a user buys a course, registers for an event, or a recurring payment is received',
  },
  { key: 'isNotifyContacts', label: 'Contact notifications', description: 'When a new contact is added' },
  { key: 'isNotifyPrograms', label: 'Product notifications', description: 'When any product changes' },
  { key: 'accountLocked', label: 'Account Suspended', description: 'A suspended user cannot sign in' },
  { key: 'isTeacher', label: 'Teacher', description: 'Can be assigned to teach classes' },
];

/** /settings/users/:id: the users list in a sidebar, the user's card and the User Details form. */
export default function UserDetailPage() {
  const { id = '' } = useParams();
  const detail = useUserDetail(id);
  return (
    <section aria-label="User Details">
      <SettingsHeader title="User Details" backTo="/settings/users" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <UsersSidebar currentId={id} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          {detail.isPending ? (
            <Busy label="Loading the user" />
          ) : detail.data ? (
            <UserForm key={detail.data.guId} detail={detail.data} />
          ) : (
            <Text c="red.9">This user could not be loaded.</Text>
          )}
        </Grid.Col>
      </Grid>
    </section>
  );
}

function UserForm({ detail }: { detail: UserDetail }) {
  const isAdmin = useIsAdmin();
  const { user } = useSession();
  const phone = useMediaQuery('(max-width: 36em)');
  const save = useUpdateUser(detail.guId);
  const saved = formFromDetail(detail);
  const [values, setValues] = useState<UserFormValues>(saved);
  const [acting, setActing] = useState(false);
  const locked = lockedControls(detail, user?.guId);
  const isStudent = values.role === 'ROLE_STUDENT';
  const readOnly = !isAdmin;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A failure is toasted with the server's errors.message by the API client; the form keeps its values.
    save.mutate(updateBody(values), { onSuccess: () => showSuccessToast('Successfully updated user.') });
  };

  const disabledFor = (key: Flag | 'role') =>
    readOnly ||
    (key === 'role' && locked.role) ||
    (key === 'accountLocked' && locked.accountLocked && !values.accountLocked) ||
    (key === 'isTeacher' && isStudent);

  return (
    <Stack gap="md">
      <Card withBorder padding="lg">
        <Group gap="md" wrap="nowrap" align="center">
          <Avatar src={detail.picture} alt="" size={85} radius={85} name={detail.fullName} color="initials" />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {detail.fullName}
            </Title>
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {detail.email}
            </Text>
          </Stack>
        </Group>
        {isAdmin && saved.role === 'ROLE_STUDENT' && !detail.accountLocked ? (
          <Group mt="md">
            <Button
              variant="light"
              leftSection={<IconUserShare size={16} aria-hidden />}
              loading={acting}
              onClick={async () => {
                setActing(true);
                await startActingAsMember({ guId: detail.guId, fullName: detail.fullName }).catch(() =>
                  setActing(false),
                );
              }}
            >
              Act as this Member
            </Button>
          </Group>
        ) : null}
      </Card>

      <Card withBorder padding="lg" component="form" onSubmit={submit} aria-labelledby="user-details-title">
        <Title order={2} size="h4" id="user-details-title" mb="sm">
          User Details
        </Title>
        {readOnly ? (
          <Alert color="gray" mb="sm">
            Only an administrator can change these settings.
          </Alert>
        ) : locked.reason ? (
          <Alert color="blue" mb="sm">
            {locked.reason}
          </Alert>
        ) : null}
        <Stack gap="md">
          <div>
            <Text id="user-role-label" fw={500} size="sm" mb={4}>
              Role
            </Text>
            <SegmentedControl
              aria-labelledby="user-role-label"
              data={USER_ROLES.map((role) => ({ value: role, label: USER_ROLE_LABELS[role] }))}
              value={values.role}
              onChange={(role) => setValues((current) => ({ ...current, role: role as UserFormValues['role'] }))}
              disabled={disabledFor('role')}
              orientation={phone ? 'vertical' : 'horizontal'}
              fullWidth={phone}
            />
          </div>
          {SWITCHES.map((item) => (
            <Switch
              key={item.key}
              label={item.label}
              description={item.key === 'isTeacher' && isStudent ? 'Only staff can be teachers' : item.description}
              checked={item.key === 'isTeacher' && isStudent ? false : values[item.key]}
              disabled={disabledFor(item.key)}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setValues((current) => ({ ...current, [item.key]: checked }));
              }}
            />
          ))}
          {isAdmin ? (
            <FormActions
              onCancel={() => setValues(saved)}
              cancelDisabled={!formChanged(values, saved)}
              pending={save.isPending}
            />
          ) : null}
        </Stack>
      </Card>
    </Stack>
  );
}
