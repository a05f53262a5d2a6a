import { NOTICE_MESSAGES, type Notice } from '@atrium/contracts';
import { Radio, Group as RadioRow, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormDialog, saveAndClose } from '../../app/components/FormDialog';
import { RichTextField } from '../forms/RichTextField';
import { noticesApi } from './api';
import { canSubmitNotice, formValuesOf, NEW_NOTICE, type NoticeFormValues, noticeBody } from './notice-rules';

interface Props {
  /** The notice being edited, or null to add one. */
  notice: Notice | null;
  timeZone: string;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * The manager's add and edit views (spec 3 §2.6, dialog 700 wide): the message in rich text, notice or
 * quote, published or private, and the last day it shows in the studio's zone. Submit stays off while
 * the message is blank or no type is chosen (spec 3 §5).
 */
export function NoticeFormDialog({ notice, timeZone, onClose, onSaved }: Props) {
  const form = useForm<NoticeFormValues>({ initialValues: notice ? formValuesOf(notice) : NEW_NOTICE });
  const [pending, setPending] = useState(false);
  const kind = form.values.type === 'quote' ? 'quote' : 'notice';
  return (
    <FormDialog
      opened
      onClose={onClose}
      title={notice ? `Edit ${notice.type}` : 'Add a notice or quote'}
      size={700}
      pending={pending}
      submitDisabled={!canSubmitNotice(form.values)}
      submitLabel={notice ? 'Save' : 'Add'}
      onSubmit={form.onSubmit(async (values) => {
        setPending(true);
        const body = noticeBody(values);
        await saveAndClose(() => (notice ? noticesApi.update(notice._id, body) : noticesApi.create(body)), {
          success: notice ? NOTICE_MESSAGES.updated : kind === 'quote' ? 'Quote added.' : 'Notice added.',
          close: () => {
            onSaved();
            onClose();
          },
          setFieldError: form.setFieldError,
        });
        setPending(false);
      })}
    >
      <Radio.Group label="Type" required {...form.getInputProps('type')}>
        <RadioRow mt={4}>
          <Radio value="notice" label="Notice" />
          <Radio value="quote" label="Quote" />
        </RadioRow>
      </Radio.Group>
      <div>
        <RichTextField
          label="Message"
          value={form.values.message}
          onChange={(html) => form.setFieldValue('message', html)}
        />
        {form.errors.message ? (
          <Text size="xs" c="red.8" mt={4} role="alert">
            {form.errors.message}
          </Text>
        ) : null}
      </div>
      <Switch
        label="Published"
        description="Members see it on the notice board. Off: it is private, kept for later."
        {...form.getInputProps('isActive', { type: 'checkbox' })}
      />
      <TextInput
        type="date"
        label="Expiry date"
        description={`The last day it shows, in the studio's time zone (${timeZone}). Empty: it does not expire.`}
        {...form.getInputProps('expiryDate')}
      />
    </FormDialog>
  );
}
