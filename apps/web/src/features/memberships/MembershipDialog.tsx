import {
  BILLING_FREQUENCIES,
  BILLING_START_RULES,
  MEMBERSHIP_TYPES,
  type Membership,
  type MembershipInput,
  type MembershipUpdate,
} from '@atrium/contracts';
import { Checkbox, NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormDialog, showServerError } from '../../app/components/FormDialog';
import { showSuccessToast } from '../../lib/notify';
import { isPriced, NoCardPaymentsAlert } from '../payment-settings/NoCardPaymentsAlert';
import { useTenant } from '../session/session-store';
import { membershipsApi } from './api';
import { useSaveMembership } from './hooks';

const TYPE_LABEL: Record<string, string> = {
  recurring: 'Recurring (billed each period)',
  unlimited: 'Unlimited classes (billed each period)',
  card: 'Class pack (paid once)',
};
const FREQUENCY_LABEL: Record<string, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  halfyearly: 'Half-yearly',
  yearly: 'Yearly',
};
const START_LABEL: Record<string, string> = {
  today: 'Today',
  dayOfMonth: 'On a set day of the month',
  afterTrial: 'After the trial period',
};

type Form = {
  name: string;
  description: string;
  categoryId: string;
  price: number | string;
  membershipType: Membership['membershipType'];
  frequency: string | null;
  registrationFees: number | string;
  trialDays: number | string;
  numberOfBillingCycles: number | string;
  startRule: Membership['startRule'];
  billingDay: number | string;
  credits: number | string;
  isVisible: boolean;
};

const blank: Form = {
  name: '',
  description: '',
  categoryId: '',
  price: '',
  membershipType: 'unlimited',
  frequency: 'monthly',
  registrationFees: 0,
  trialDays: 0,
  numberOfBillingCycles: '',
  startRule: 'today',
  billingDay: '',
  credits: '',
  isVisible: true,
};

const num = (value: number | string) => (value === '' ? null : Number(value));

/** Add or edit a membership product; a refused field shows the server's message on it. */
export function MembershipDialog({
  opened,
  editing,
  onClose,
}: {
  opened: boolean;
  editing: Membership | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 600px)');
  const tenant = useTenant();
  const categories = useQuery({ queryKey: ['memberships', 'categories'], queryFn: membershipsApi.serviceCategories });
  const save = useSaveMembership();
  const [form, setForm] = useState<Form>(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!opened) return;
    setErrors({});
    setForm(
      editing
        ? {
            ...editing,
            frequency: editing.frequency,
            numberOfBillingCycles: editing.numberOfBillingCycles ?? '',
            billingDay: editing.billingDay ?? '',
            credits: editing.credits ?? '',
          }
        : blank,
    );
  }, [opened, editing]);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const card = form.membershipType === 'card';

  async function submit() {
    setErrors({});
    let categoryId = form.categoryId || categories.data?.data[0]?.guId || '';
    if (!categoryId && categories.data?.data.length === 0) {
      categoryId = (await membershipsApi.createServiceCategory('Memberships')).guId;
    }
    const body: MembershipUpdate = {
      name: form.name,
      description: form.description,
      categoryId,
      price: Number(form.price === '' ? Number.NaN : form.price),
      isVisible: form.isVisible,
      membershipType: form.membershipType,
      frequency: card ? null : ((form.frequency as MembershipInput['frequency']) ?? null),
      registrationFees: Number(form.registrationFees || 0),
      trialDays: card ? 0 : Number(form.trialDays || 0),
      numberOfBillingCycles: card ? null : num(form.numberOfBillingCycles),
      startRule: card ? 'today' : form.startRule,
      billingDay: !card && form.startRule === 'dayOfMonth' ? num(form.billingDay) : null,
      credits: form.membershipType === 'unlimited' ? null : num(form.credits),
      isArchived: editing?.isArchived ?? false,
    };
    try {
      const { isArchived: _archived, ...create } = body;
      await save.mutateAsync(editing ? { guId: editing.guId, body } : { guId: null, body: create });
      showSuccessToast(editing ? 'Membership saved.' : 'Membership added.');
      onClose();
    } catch (error) {
      showServerError(error, (field, message) => setErrors({ [field]: message }));
    }
  }

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={editing ? 'Edit membership' : 'New membership'}
      fullScreen={phone}
      pending={save.isPending}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextInput
        label="Name"
        required
        value={form.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        error={errors.name}
      />
      <Select
        label="Type"
        data={MEMBERSHIP_TYPES.map((value) => ({ value, label: TYPE_LABEL[value] ?? value }))}
        value={form.membershipType}
        onChange={(value) => value && set('membershipType', value as Form['membershipType'])}
        allowDeselect={false}
        error={errors.membershipType}
      />
      {(categories.data?.data.length ?? 0) > 1 ? (
        <Select
          label="Category"
          data={(categories.data?.data ?? []).map((c) => ({ value: c.guId, label: c.name }))}
          value={form.categoryId || null}
          onChange={(value) => set('categoryId', value ?? '')}
          error={errors.categoryId}
        />
      ) : null}
      <NumberInput
        label={card ? 'Price' : 'Price per period'}
        required
        min={0}
        decimalScale={2}
        value={form.price}
        onChange={(v) => set('price', v)}
        error={errors.price}
      />
      <NoCardPaymentsAlert paymentProvider={tenant.paymentProvider} priced={isPriced(form.price)} />
      {!card ? (
        <Select
          label="Billing frequency"
          data={BILLING_FREQUENCIES.map((value) => ({ value, label: FREQUENCY_LABEL[value] ?? value }))}
          value={form.frequency}
          onChange={(value) => set('frequency', value)}
          error={errors.frequency}
        />
      ) : null}
      {form.membershipType !== 'unlimited' ? (
        <NumberInput
          label={card ? 'Classes in the pack' : 'Classes each period'}
          min={1}
          max={1000}
          value={form.credits}
          onChange={(v) => set('credits', v)}
          error={errors.credits}
        />
      ) : null}
      <NumberInput
        label="Registration fee"
        min={0}
        decimalScale={2}
        value={form.registrationFees}
        onChange={(v) => set('registrationFees', v)}
        error={errors.registrationFees}
      />
      {!card ? (
        <>
          <NumberInput
            label="Trial days"
            min={0}
            max={365}
            value={form.trialDays}
            onChange={(v) => set('trialDays', v)}
            error={errors.trialDays}
          />
          <NumberInput
            label="Number of payments"
            description="Leave empty to bill until cancelled"
            min={1}
            max={999}
            value={form.numberOfBillingCycles}
            onChange={(v) => set('numberOfBillingCycles', v)}
            error={errors.numberOfBillingCycles}
          />
          <Select
            label="Billing starts"
            data={BILLING_START_RULES.map((value) => ({ value, label: START_LABEL[value] ?? value }))}
            value={form.startRule}
            onChange={(value) => value && set('startRule', value as Form['startRule'])}
            allowDeselect={false}
            error={errors.startRule}
          />
          {form.startRule === 'dayOfMonth' ? (
            <NumberInput
              label="Day of the month"
              min={1}
              max={28}
              value={form.billingDay}
              onChange={(v) => set('billingDay', v)}
              error={errors.billingDay}
            />
          ) : null}
        </>
      ) : null}
      <Textarea
        label="Description"
        value={form.description}
        onChange={(e) => set('description', e.currentTarget.value)}
        error={errors.description}
      />
      <Checkbox
        label="On sale to members"
        checked={form.isVisible}
        onChange={(e) => set('isVisible', e.currentTarget.checked)}
      />
    </FormDialog>
  );
}
