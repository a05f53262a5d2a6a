import { type DonationCampaign, DonationCampaignInput } from '@atrium/contracts';
import { Checkbox, NumberInput, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FormDialog, saveAndClose, schemaErrors } from '../../app/components/FormDialog';
import { donationsApi } from './api';
import { minorList, minorOf } from './campaign-money';

interface Props {
  opened: boolean;
  campaign: DonationCampaign | null;
  currency: string;
  onClose: () => void;
}

interface Values {
  name: string;
  description: string;
  imageUrl: string;
  goal: number | string;
  suggestedAmounts: string;
  allowCustomAmount: boolean;
  minimumAmount: number | string;
  isActive: boolean;
}

const major = (minor: number) => minor / 100;

/** Add or edit a donation campaign; amounts are typed in the currency and sent in minor units. */
export function CampaignDialog({ opened, campaign, currency, onClose }: Props) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (body: DonationCampaignInput) =>
      campaign ? donationsApi.update(campaign.guId, body) : donationsApi.create(body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['donations'] }),
  });
  const bodyOf = (values: Values): DonationCampaignInput | { error: [string, string] } => {
    const suggested = minorList(values.suggestedAmounts, currency);
    if (suggested === null)
      return { error: ['suggestedAmounts', 'Enter amounts separated by commas, e.g. 20, 50, 100'] };
    const goal = values.goal === '' ? null : minorOf(values.goal, currency);
    const minimum = minorOf(values.minimumAmount, currency);
    return {
      name: values.name,
      description: values.description,
      imageUrl: values.imageUrl,
      goal,
      suggestedAmounts: suggested,
      allowCustomAmount: values.allowCustomAmount,
      minimumAmount: minimum ?? 0,
      isActive: values.isActive,
    };
  };
  const form = useForm<Values>({
    initialValues: {
      name: '',
      description: '',
      imageUrl: '',
      goal: '',
      suggestedAmounts: '20, 50, 100',
      allowCustomAmount: true,
      minimumAmount: 5,
      isActive: true,
    },
    validate: (values) => {
      const body = bodyOf(values);
      if ('error' in body) return { [body.error[0]]: body.error[1] };
      return schemaErrors(DonationCampaignInput, body);
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens on a campaign
  useEffect(() => {
    if (!opened) return;
    form.setValues(
      campaign
        ? {
            name: campaign.name,
            description: campaign.description,
            imageUrl: campaign.imageUrl,
            goal: campaign.goal === null ? '' : major(campaign.goal),
            suggestedAmounts: campaign.suggestedAmounts.map((a) => String(major(a))).join(', '),
            allowCustomAmount: campaign.allowCustomAmount,
            minimumAmount: major(campaign.minimumAmount),
            isActive: campaign.isActive,
          }
        : form.getInitialValues(),
    );
    form.clearErrors();
  }, [opened, campaign]);

  const title = campaign ? 'Edit Campaign' : 'Add Campaign';
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={title}
      pending={save.isPending}
      onSubmit={form.onSubmit(async (values) => {
        const body = bodyOf(values);
        if ('error' in body) return;
        await saveAndClose(() => save.mutateAsync(body), {
          success: campaign ? 'Campaign saved.' : 'Campaign added.',
          close: onClose,
          setFieldError: form.setFieldError,
        });
      })}
    >
      <TextInput label="Campaign name" required maxLength={120} {...form.getInputProps('name')} />
      <Textarea label="Description" autosize minRows={3} maxLength={5000} {...form.getInputProps('description')} />
      <TextInput label="Image address" placeholder="https://" {...form.getInputProps('imageUrl')} />
      <NumberInput label="Goal (optional)" min={0} decimalScale={2} hideControls {...form.getInputProps('goal')} />
      <TextInput
        label="Suggested amounts"
        description="Separated by commas, e.g. 20, 50, 100"
        {...form.getInputProps('suggestedAmounts')}
      />
      <Checkbox label="Allow a custom amount" {...form.getInputProps('allowCustomAmount', { type: 'checkbox' })} />
      <NumberInput
        label="Minimum amount"
        min={0}
        decimalScale={2}
        hideControls
        {...form.getInputProps('minimumAmount')}
      />
      <Checkbox label="Active (taking donations)" {...form.getInputProps('isActive', { type: 'checkbox' })} />
    </FormDialog>
  );
}
