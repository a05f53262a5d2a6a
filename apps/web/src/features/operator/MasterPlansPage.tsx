import { MASTER_PLAN_MESSAGES, type MasterPlan } from '@atrium/contracts';
import { Badge, Button, Checkbox, Group, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog, saveAndClose } from '../../app/components/FormDialog';
import { type ListColumn, ListScreen, useListState } from '../../app/components/list-kit';
import { operatorApi, operatorKeys } from './api';
import {
  EMPTY_PLAN,
  FORM_FIELD,
  money,
  type PlanFormValues,
  planBody,
  planFormErrors,
  planFormValues,
} from './operator-rules';

const LIST = { pageSizes: [25, 50, 100], defaultPageSize: 50 };

/**
 * /masterplan (issue 28): the plans the platform sells, for the operator's admins. A plan's id is
 * fixed once made (tenants' plan names carry it); archived plans stay with their tenants, unsold.
 */
export default function MasterPlansPage() {
  const list = useListState(LIST, 150);
  const plans = useQuery({ queryKey: operatorKeys.plans, queryFn: operatorApi.plans, staleTime: 0 });
  const [editing, setEditing] = useState<MasterPlan | 'new' | null>(null);
  const all = plans.data?.data ?? [];
  const shown = list.params.showArchived ? all : all.filter((plan) => plan.status === 'active');

  const columns: ListColumn<MasterPlan>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (plan) => (
        <Group gap={6}>
          <Text size="sm" fw={600}>
            {plan.name}
          </Text>
          {plan.status === 'archived' ? <Badge color="gray">Archived</Badge> : null}
          {plan.byContact ? <Badge variant="light">By contact</Badge> : null}
        </Group>
      ),
      sortValue: (plan) => plan.name,
    },
    { key: 'slug', header: 'Id', cell: (plan) => plan.slug, sortValue: (plan) => plan.slug },
    {
      key: 'monthly',
      header: 'Monthly',
      cell: (plan) => money(plan.monthlyMinor),
      sortValue: (plan) => plan.monthlyMinor,
      align: 'right',
    },
    {
      key: 'yearly',
      header: 'Yearly',
      cell: (plan) => money(plan.yearlyMinor),
      sortValue: (plan) => plan.yearlyMinor,
      align: 'right',
    },
    {
      key: 'limits',
      header: 'Limits',
      cell: (plan) =>
        `${plan.contactsLimit.toLocaleString('en-US')} contacts, ${
          plan.membersLimit === null ? 'unlimited' : plan.membersLimit.toLocaleString('en-US')
        } active members`,
    },
    {
      key: 'trial',
      header: 'Trial',
      cell: (plan) => (plan.trialDays ? `${plan.trialDays} days` : 'None'),
      sortValue: (plan) => plan.trialDays,
    },
    {
      key: 'tenants',
      header: 'Tenants',
      cell: (plan) => plan.tenants,
      sortValue: (plan) => plan.tenants,
      align: 'right',
    },
  ];

  return (
    <ListScreen
      id="masterplans"
      title="MasterPlans"
      description="The plans your platform sells. Studios choose them on your plans page and under Settings > Plan."
      actions={<Button onClick={() => setEditing('new')}>Add plan</Button>}
      list={list}
      search={{ label: 'Search plans', type: 'search', text: (plan) => `${plan.name} ${plan.slug}` }}
      archived
      query={plans}
      rows={shown}
      rowKey={(plan) => plan.id}
      columns={columns}
      rowActions={(plan) => (
        <Button size="xs" variant="subtle" onClick={() => setEditing(plan)} aria-label={`Edit ${plan.name}`}>
          Edit
        </Button>
      )}
      noun="plans"
      emptyHint="Add the first plan your platform sells."
      minWidth={760}
    >
      {editing ? (
        <PlanDialog
          plan={editing === 'new' ? null : editing}
          nextSequence={all.reduce((max, plan) => Math.max(max, plan.sequence), 0) + 1}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </ListScreen>
  );
}

function PlanDialog({
  plan,
  nextSequence,
  onClose,
}: {
  plan: MasterPlan | null;
  nextSequence: number;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const creating = plan === null;
  const [pending, setPending] = useState(false);
  const form = useForm<PlanFormValues>({
    initialValues: plan ? planFormValues(plan) : EMPTY_PLAN,
    validate: (values) => planFormErrors(values, creating),
  });
  const setFieldError = (field: string, message: string) =>
    form.setFieldError(FORM_FIELD[field] ?? (field as keyof PlanFormValues), message);

  const submit = form.onSubmit(async (values) => {
    setPending(true);
    const body = planBody(values, plan?.sequence ?? nextSequence);
    const { slug, ...fields } = body;
    await saveAndClose(() => (plan ? operatorApi.updatePlan(plan.id, fields) : operatorApi.createPlan(body)), {
      success: creating ? MASTER_PLAN_MESSAGES.created : MASTER_PLAN_MESSAGES.updated,
      close: onClose,
      setFieldError,
    });
    setPending(false);
    void slug;
    await client.invalidateQueries({ queryKey: operatorKeys.plans });
  });

  return (
    <FormDialog
      opened
      onClose={onClose}
      title={creating ? 'Add plan' : `Edit ${plan.name}`}
      onSubmit={submit}
      pending={pending}
      size="lg"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <TextInput
          label="Id"
          required={creating}
          disabled={!creating}
          description="In the plan's address (/tplan/{id}/monthly); fixed once made."
          autoCapitalize="none"
          spellCheck={false}
          {...form.getInputProps('slug')}
        />
        <TextInput label="Monthly price (USD)" required inputMode="decimal" {...form.getInputProps('monthly')} />
        <TextInput label="Yearly price (USD)" required inputMode="decimal" {...form.getInputProps('yearly')} />
        <TextInput
          label="Monthly price (INR)"
          inputMode="decimal"
          description="Both INR prices, or neither (not sold in India)."
          {...form.getInputProps('inrMonthly')}
        />
        <TextInput label="Yearly price (INR)" inputMode="decimal" {...form.getInputProps('inrYearly')} />
        <TextInput label="Contacts limit" required inputMode="numeric" {...form.getInputProps('contactsLimit')} />
        <TextInput
          label="Active members limit"
          inputMode="numeric"
          description="Empty: unlimited."
          {...form.getInputProps('membersLimit')}
        />
        <TextInput label="Trial days" inputMode="numeric" {...form.getInputProps('trialDays')} />
      </SimpleGrid>
      <Textarea label="Features" description="One a line." autosize minRows={3} {...form.getInputProps('features')} />
      <Checkbox
        label="Sold by contact (the button opens your contact page)"
        {...form.getInputProps('byContact', { type: 'checkbox' })}
      />
      <Checkbox label="Archived (no longer sold)" {...form.getInputProps('archived', { type: 'checkbox' })} />
    </FormDialog>
  );
}
