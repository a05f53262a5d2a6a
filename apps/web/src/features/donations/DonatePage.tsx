import {
  DONATION_MESSAGES,
  type DonateRequest,
  type MonthlyDonationResult,
  monthlyGiftCount,
  type PublicDonationCampaign,
  takesCardPayments,
} from '@atrium/contracts';
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
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { MantineScope } from '../../app/MantineScope';
import { isApiError } from '../../lib/api-error';
import { queryClient } from '../../lib/query-client';
import { goToProvider } from '../invoices/card-payment';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { donationsApi } from './api';
import { minorOf, money } from './campaign-money';
import { CampaignProgress } from './PublicDonationsPage';

/**
 * /donate/:id: one campaign's page, where a visitor gives a one-time amount (paid on the provider's
 * page) or a monthly one (a card saved on the provider's page, charged each month; decisions.md
 * "Monthly gifts"). The provider's page comes back here with ?session_id=.
 */
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
  frequency: 'once' | 'monthly';
  years: string;
}

const CUSTOM = 'custom';
const YEARS = [
  { value: '1', label: '1 year' },
  { value: '2', label: '2 years' },
  { value: '3', label: '3 years' },
  { value: '4', label: '4 years' },
  { value: '5', label: '5 years' },
  { value: '-1', label: 'Until I cancel' },
];

/** "12 gifts of $20.00, one a month" or "$20.00 a month until you cancel". */
function monthlyPlan(amount: number | null, years: string, currency: string): string {
  if (!amount) return '';
  const gifts = monthlyGiftCount(Number(years));
  return gifts === null
    ? `${money(amount, currency)} a month until you cancel.`
    : `${gifts} gifts of ${money(amount, currency)}, one a month, the first today.`;
}

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
  const [search] = useSearchParams();
  const sessionId = search.get('session_id');
  const data = campaign.data;
  const form = useForm<Values>({
    initialValues: {
      choice: '',
      custom: '',
      firstName: '',
      lastName: '',
      email: '',
      note: '',
      isAnonymous: false,
      frequency: 'once',
      years: '1',
    },
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

  if (sessionId) return <MonthlyReturn campaignId={id} sessionId={sessionId} campaign={data ?? null} />;
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
  // Monthly gifts are charged on a card saved at the provider: Stripe keeps saved cards (decisions.md).
  const monthly = tenant.paymentProvider === 'STRIPE';
  const amountOf = (values: Values) =>
    values.choice === CUSTOM ? minorOf(values.custom, data.currency) : values.choice ? Number(values.choice) : null;
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    const amount = amountOf(values);
    if (values.frequency === 'monthly') {
      try {
        setLeaving(true);
        goToProvider(
          await donationsApi.startMonthly(data.guId, {
            amount: amount ?? 0,
            years: Number(values.years),
            firstName: values.firstName,
            lastName: values.lastName,
            email: values.email,
            note: values.note,
            isAnonymous: values.isAnonymous,
          }),
        );
      } catch (error) {
        setLeaving(false);
        if (isApiError(error) && error.field === 'amount') form.setFieldError('choice', error.message);
        else if (isApiError(error) && error.field) form.setFieldError(error.field, error.message);
        else setFailure(error instanceof Error ? error.message : String(error));
      }
      return;
    }
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
              {monthly ? (
                <Radio.Group label="How often" {...form.getInputProps('frequency')}>
                  <Group gap="md" mt={4}>
                    <Radio value="once" label="One-time" />
                    <Radio value="monthly" label="Monthly" />
                  </Group>
                </Radio.Group>
              ) : null}
              <Chip.Group {...form.getInputProps('choice')}>
                <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
                  <legend>
                    <Text fw={500} size="sm">
                      {form.values.frequency === 'monthly' ? 'Amount each month' : 'Amount (one-time gift)'}
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
              {form.values.frequency === 'monthly' ? (
                <>
                  <Select label="For" data={YEARS} allowDeselect={false} {...form.getInputProps('years')} />
                  <Text size="sm" aria-live="polite">
                    {monthlyPlan(amountOf(form.values), form.values.years, data.currency)}
                  </Text>
                </>
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
                {form.values.frequency === 'monthly'
                  ? "You will save your card on our payment provider's secure page, and get a receipt by email for each gift."
                  : "You will pay on our payment provider's secure page, and get a receipt by email."}
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

type Returned = { kind: 'done'; result: MonthlyDonationResult } | { kind: 'failed'; message: string };

/** Back from the provider's page with a saved card: the monthly gift is made and its first month charged. */
function MonthlyReturn({
  campaignId,
  sessionId,
  campaign,
}: {
  campaignId: string;
  sessionId: string;
  campaign: PublicDonationCampaign | null;
}) {
  const [returned, setReturned] = useState<Returned | null>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    donationsApi
      .completeMonthly(campaignId, sessionId)
      .then((result) => setReturned({ kind: 'done', result }))
      .catch((error: unknown) =>
        setReturned({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
      );
  }, [campaignId, sessionId]);

  const title = campaign?.name ?? 'Your monthly gift';
  return (
    <Container size="sm" py="lg" component="section" aria-labelledby="donate-title">
      <Stack>
        <Title order={1} id="donate-title">
          {title}
        </Title>
        {returned === null ? (
          <Group gap="xs" role="status">
            <Loader size="sm" aria-hidden />
            <Text>Setting up your monthly gift…</Text>
          </Group>
        ) : returned.kind === 'failed' ? (
          <Alert color="red" role="alert" title="Your monthly gift could not be set up">
            {returned.message} <Link to={`/donate/${campaignId}`}>Try again</Link>
          </Alert>
        ) : returned.result.first.paid ? (
          <Alert color="teal" title="Thank you for your monthly gift">
            <Stack gap={4}>
              <Text size="sm">
                {returned.result.gifts === null
                  ? `${money(returned.result.amount, returned.result.currency)} each month until you cancel.`
                  : `${returned.result.gifts} gifts of ${money(returned.result.amount, returned.result.currency)}, one each month.`}
              </Text>
              <Text size="sm">
                Your first gift is received
                {returned.result.first.receiptNumber ? ` (receipt ${returned.result.first.receiptNumber})` : ''}: the
                receipt is on its way by email.
              </Text>
            </Stack>
          </Alert>
        ) : (
          <Alert color="red" title="Your card was declined">
            Your monthly gift is set up, but the first payment did not go through. We have emailed you about it; we will
            try again in a few days.
          </Alert>
        )}
        <Group>
          <Button component={Link} to="/donations" variant="default">
            See all campaigns
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
