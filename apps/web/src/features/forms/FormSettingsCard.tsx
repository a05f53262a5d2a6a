import { AGE_OF_MAJORITY_MAX, AGE_OF_MAJORITY_MIN, MINOR_MESSAGES } from '@atrium/contracts';
import { Button, Card, Group, NumberInput, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../lib/api-error';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { useFormSettings, useSaveFormSettings } from './api';

/** The forms' settings on the Forms screen: the age of majority, below which a registration names a guardian. */
export function FormSettingsCard({ isAdmin }: { isAdmin: boolean }) {
  const settings = useFormSettings();
  if (!settings.data) return null;
  return <AgeOfMajority key={settings.data.ageOfMajority} saved={settings.data.ageOfMajority} isAdmin={isAdmin} />;
}

function AgeOfMajority({ saved, isAdmin }: { saved: number; isAdmin: boolean }) {
  const save = useSaveFormSettings();
  const [value, setValue] = useState<number | string>(saved);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const age = typeof value === 'number' ? value : Number.NaN;
    if (!Number.isInteger(age) || age < AGE_OF_MAJORITY_MIN || age > AGE_OF_MAJORITY_MAX) {
      setError(MINOR_MESSAGES.ageOfMajorityRange);
      return;
    }
    setError(null);
    save.mutate(
      { ageOfMajority: age },
      {
        onSuccess: () => showSuccessToast('Updated successfully.'),
        onError: (cause) => {
          const message = cause instanceof ApiError ? cause.message : String(cause);
          setError(message);
          showErrorToast(message);
        },
      },
    );
  };

  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="xs">
        Registration settings
      </Title>
      <Text size="sm" mb="sm">
        A person younger than this registers with a guardian, who signs the forms for them. The age is counted on the
        studio's date.
      </Text>
      <Group align="flex-end" gap="xs">
        <NumberInput
          label="Age of majority"
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          min={AGE_OF_MAJORITY_MIN}
          max={AGE_OF_MAJORITY_MAX}
          allowDecimal={false}
          clampBehavior="none"
          error={error}
          disabled={!isAdmin}
          w={160}
        />
        {isAdmin ? (
          <Button variant="default" onClick={submit} loading={save.isPending}>
            Save age
          </Button>
        ) : null}
      </Group>
    </Card>
  );
}
