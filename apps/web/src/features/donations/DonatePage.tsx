import { DONATION_MESSAGES, type DonateRequest, takesCardPayments } from '@atrium/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Chip,
  Container,
  Group,
  Image,
  Loader,
  NumberInput,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { MantineScope } from '../../app/MantineScope';
import { isApiError } from '../../lib/api-error';
import { queryClient } from '../../lib/query-client';
import { goToProvider } from '../invoices/card-payment';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { donationsApi } from './api';
import { minorOf, money } from './campaign-money';
import { CampaignProgress } from './PublicDonationsPage';

/** /donate/:id: one campaign's page, where a visitor gives a one-time amount and pays it by card. */
export default function DonatePage() {
  const { id } = useParams();
  if (!id) return <Navigate to="/donations" replace />;
  return (
    <MantineScope>
      <QueryClientProvider client={queryClient}>
        <Donate id={id} />
      </QueryClientProvider>
    </MantineScope>
  );
}

interface Values {
  choice: string;
  custom: number | string;
  firstName: string;
  lastName: string;
  email: string;
  note: string;
  isAnonymous: boolean;
}

const CUSTOM = 'custom';

function Donate({ id }: { id: string }) {
  const tenant = useTenant();
  const campaign = useQuery({
    queryKey: ['donations', 'public', id],
    queryFn: () => donationsApi.publicCampaign(id),
    retry: false,
  });
  useDocumentHead(tenant, campaign.data ? `Donate to ${campaign.data.name}` : 'Donate');
  const key = useRef(crypto.randomUUID());
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const data = campaign.data;
  const form = useForm<Values>({
    initialValues: { choice: '', custom: '', firstName: '', lastName: '', email: '', note: '', isAnonymous: false },
    validate: {
      choice: (value, values) => {
        if (!data) return null;
        if (!value) return 'Choose an amount';
        if (value !== CUSTOM) return null;
        const amount = minorOf(values.custom, data.currency);
        if (amount === null) return 'Enter an amount';
        if (amount < data.minimumAmount)
          return DONATION_MESSAGES.belowMinimum(money(data.minimumAmount, data.currency));
        return null;
      },
      firstName: (v) => (v.trim() ? null : 'First name is required'),
      lastName: (v) => (v.trim() ? null : 'Last name is required'),
      email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : 'Please enter a valid email address'),
    },
  });

  if (campaign.isPending) return <Loader aria-label="Loading campaign" m="lg" />;
  if (!data) {
    return (
      <Container size="sm" py="lg">
        <Alert color="red" title="Campaign not found">
          This campaign is not taking donations. <Link to="/donations">See all campaigns</Link>
        </Alert>
      </Container>
    );
  }
  const cards = takesCardPayments(tenant.paymentProvider);
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    const amount = values.choice === CUSTOM ? minorOf(values.custom, data.currency) : Number(values.choice);
    const body: DonateRequest = {
      amount: amount ?? 0,
      frequency: 'once',
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      note: values.note,
      isAnonymous: values.isAnonymous,
      idempotencyKey: key.current,
    };
    try {
      const gift = await donationsApi.give(data.guId, body);
      setLeaving(true);
      goToProvider(await donationsApi.pay(gift.publicId));
    } catch (error) {
      setLeaving(false);
      if (isApiError(error) && error.field === 'amount') form.setFieldError('choice', error.message);
      else if (isApiError(error) && error.field) form.setFieldError(error.field, error.message);
      else setFailure(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <Container size="sm" py="lg" component="section" aria-labelledby="donate-title">
      <Stack>
        {data.imageUrl ? <Image src={data.imageUrl} alt="" radius="md" mah={280} fit="cover" /> : null}
        <Title order={1} id="donate-title">
          {data.name}
        </Title>
        {data.description ? <Text style={{ whiteSpace: 'pre-line' }}>{data.description}</Text> : null}
        <CampaignProgress campaign={data} />
        {!cards ? (
          <Alert color="yellow" title="Online giving is not available">
            This organisation does not take card payments online yet.
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate aria-label="Donation">
            <Stack gap="sm">
              <Chip.Group {...form.getInputProps('choice')}>
                <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
                  <legend>
                    <Text fw={500} size="sm">
                      Amount (one-time gift)
                    </Text>
                  </legend>
                  <Group gap="xs" mt={4}>
                    {data.suggestedAmounts.map((amount) => (
                      <Chip key={amount} value={String(amount)}>
                        {money(amount, data.currency)}
                      </Chip>
                    ))}
                    {data.allowCustomAmount ? <Chip value={CUSTOM}>Other amount</Chip> : null}
                  </Group>
                </fieldset>
              </Chip.Group>
              {form.errors.choice ? (
                <Text c="red.8" size="sm" role="alert">
                  {form.errors.choice}
                </Text>
              ) : null}
              {form.values.choice === CUSTOM ? (
                <NumberInput
                  label="Your amount"
                  description={`At least ${money(data.minimumAmount, data.currency)}`}
                  decimalScale={2}
                  min={0}
                  hideControls
                  {...form.getInputProps('custom')}
                />
              ) : null}
              <Group grow wrap="wrap">
                <TextInput label="First name" required autoComplete="given-name" {...form.getInputProps('firstName')} />
                <TextInput label="Last name" required autoComplete="family-name" {...form.getInputProps('lastName')} />
              </Group>
              <TextInput label="Email" type="email" required autoComplete="email" {...form.getInputProps('email')} />
              <Textarea label="Note (optional)" maxLength={500} autosize minRows={2} {...form.getInputProps('note')} />
              <Checkbox
                label="Keep my name private (give anonymously)"
                {...form.getInputProps('isAnonymous', { type: 'checkbox' })}
              />
              {failure ? (
                <Alert color="red" role="alert" title="Your donation could not be started">
                  {failure}
                </Alert>
              ) : null}
              <Text size="sm" c="dimmed">
                You will pay on our payment provider's secure page, and get a receipt by email.
              </Text>
              <Group justify="flex-end">
                <Button type="submit" loading={leaving}>
                  Donate
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Container>
  );
}
