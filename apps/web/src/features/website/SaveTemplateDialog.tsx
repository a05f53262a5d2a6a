import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useState } from 'react';
import { showSuccessToast } from '../../lib/notify';
import type { PageContent } from './builder-state';
import { useCreateTemplate } from './hooks';
import type { templatePageType } from './website-rules';

interface Props {
  opened: boolean;
  pageType: ReturnType<typeof templatePageType>;
  /** Reads the current design when Submit is pressed. */
  read: () => PageContent;
  onClose: () => void;
}

/** 'Save as Template' (450x285): field Template Name, Cancel, Submit (spec 3 §2.1). */
export function SaveTemplateDialog({ opened, pageType, read, onClose }: Props) {
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const create = useCreateTemplate();
  const invalid = !name.trim();

  const close = () => {
    setName('');
    setTouched(false);
    onClose();
  };

  const submit = () => {
    if (invalid) return;
    const content = read();
    create.mutate(
      {
        name: name.trim(),
        pageType: pageType,
        thumbnail: null,
        unhtml: content.html,
        css: content.css,
        unjson: content.projectData ?? undefined,
      },
      {
        onSuccess: () => {
          showSuccessToast('Added template successfully');
          close();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Save as Template" size={450} centered>
      <form
        style={{ minHeight: 285 - 110 }}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextInput
          label="Template Name"
          required
          data-autofocus
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={touched && invalid ? 'Template Name is required!' : undefined}
        />
        <Group justify="flex-end" mt="xl">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={invalid} loading={create.isPending}>
            Submit
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
