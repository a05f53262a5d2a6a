import type { WebPage } from '@atrium/contracts';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { showSuccessToast } from '../../lib/notify';
import { useCreatePage, useUpdatePage } from './hooks';
import { externalHint, externalUrlError } from './website-rules';

interface Props {
  name: string;
  title: string;
  page: WebPage | null;
}

/** External link mode: 'Enter URL', the hint, a URL field and Submit (spec 3 §2.1, §5). */
export function ExternalLinkPanel({ name, title, page }: Props) {
  const [url, setUrl] = useState(page?.externalLink ?? '');
  const [touched, setTouched] = useState(false);
  const create = useCreatePage();
  const update = useUpdatePage();
  const error = externalUrlError(url);

  const submit = () => {
    if (error) return;
    const body = { isExternalLink: true, externalLink: url.trim() };
    // mutateAsync: the toast follows the answer even if the panel is replaced meanwhile (a mutate
    // callback is dropped when its component unmounts). Failures are the hooks' toasts.
    if (page) {
      update
        .mutateAsync({ id: page.id, body })
        .then(() => showSuccessToast('Updated successfully.'))
        .catch(() => undefined);
    } else {
      create
        .mutateAsync({ name, body: { ...body, name, title, url: name } })
        .then((created) => showSuccessToast(`${created.title} page added.`))
        .catch(() => undefined);
    }
  };

  return (
    <Paper withBorder p="lg" radius="md" maw={640}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          submit();
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h4">
            Enter URL
          </Title>
          <Text size="sm" c="dimmed" id="external-url-hint">
            {externalHint(window.location.host)}
          </Text>
          <TextInput
            label="URL"
            required
            value={url}
            aria-describedby="external-url-hint"
            onChange={(event) => {
              setUrl(event.currentTarget.value);
              setTouched(true);
            }}
            onBlur={() => setTouched(true)}
            error={touched ? error : undefined}
          />
          <Group justify="flex-end">
            <Button type="submit" disabled={!!error} loading={create.isPending || update.isPending}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
