import { PLAN_MESSAGES, type PlanChoice, type Subscription, type SubscriptionUpdate } from '@atrium/contracts';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuildingBank, IconCreditCard } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../lib/api-error';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { planApi, useCheckoutTokens, useUpdatePlan } from './api';
import { type BankValues, bankFormErrors, EMPTY_BANK, initialCardChoice, OTHER_CARD, priceLabel } from './plan-rules';

type Tab = 'card' | 'bank';

/**
 * Checkout of a paid plan: Card and Bank tabs (spec 2 §4). A saved card pays here; a new card is
 * typed on the payment provider's own secure page (card numbers never reach our pages or server),
 * which sends the admin back to /settings/plan/card to finish (CardReturnPage).
 */
export default function CheckoutPanel({ subscription, choice }: { subscription: Subscription; choice: PlanChoice }) {
  const navigate = useNavigate();
  const tokens = useCheckoutTokens(true);
  const update = useUpdatePlan();
  const [tab, setTab] = useState<Tab>('card');
  const [cardChoice, setCardChoice] = useState(initialCardChoice(subscription));
  const [busy, setBusy] = useState(false);
  const [inlineError, setInlineError] = useState<string | null>(null);
  const [storeCard, setStoreCard] = useState(true);
  const bank = useForm<BankValues>({ initialValues: EMPTY_BANK, validate: bankFormErrors });
  const usingSavedCard = tab === 'card' && cardChoice !== OTHER_CARD;

  const switchTab = (next: string | null) => {
    if (next !== 'card' && next !== 'bank') return;
    // Switching resets the other form (spec 2 §4).
    if (next === 'card') bank.reset();
    else setCardChoice(initialCardChoice(subscription));
    setInlineError(null);
    setTab(next);
  };

  type AnyForm = { values: object; setFieldError: (field: string, message: string) => void };
  const NO_FIELDS: AnyForm = { values: {}, setFieldError: () => undefined };
  const fail = (error: unknown, form: AnyForm) => {
    const message = error instanceof Error ? error.message : 'The payment did not go through.';
    if (isApiError(error) && error.field && error.field in form.values) form.setFieldError(error.field, message);
    setInlineError(message);
    showErrorToast(message);
  };

  const pay = async (payment: SubscriptionUpdate['payment'], form: AnyForm) => {
    try {
      await update.mutateAsync({ planName: choice.planName, payment });
      showSuccessToast(PLAN_MESSAGES.updated);
      navigate('/settings/plan');
    } catch (error) {
      fail(error, form);
    }
  };

  const base = { amount: choice.price, token: tokens.data?.token };

  const submitCard = async () => {
    setInlineError(null);
    setBusy(true);
    if (usingSavedCard) {
      await pay({ type: 'card', methodId: cardChoice, ...base }, NO_FIELDS);
      setBusy(false);
      return;
    }
    try {
      if (!tokens.data) throw new Error('The checkout has expired. Please reload the page.');
      const { url } = await planApi.startCardSetup({ planName: choice.planName, token: tokens.data.token, storeCard });
      // The provider's page: the button keeps spinning while the browser leaves.
      window.location.assign(url);
    } catch (error) {
      fail(error, NO_FIELDS);
      setBusy(false);
    }
  };

  const submitBank = async () => {
    setInlineError(null);
    if (bank.validate().hasErrors) return;
    setBusy(true);
    try {
      const method = await planApi.bank(bank.values);
      await pay({ type: 'bank', methodId: method.id, ...base }, bank);
    } catch (error) {
      fail(error, bank);
    } finally {
      setBusy(false);
    }
  };

  // The refusal of either form, above its button.
  const errorLine = inlineError ? (
    <Text c="red.9" size="sm" role="alert">
      {inlineError}
    </Text>
  ) : null;
  return (
    <Grid gap="lg" maw={1000}>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Card withBorder padding="lg" aria-labelledby="checkout-plan">
          <Text size="sm" c="dimmed">
            Your new plan
          </Text>
          <Title order={2} size="h3" id="checkout-plan">
            {choice.name}
          </Title>
          <Text size="lg" fw={700} mt="xs">
            {priceLabel(subscription.csymbol, choice.price, choice.period)}
          </Text>
          <Text size="sm" c="dimmed" mt="xs">
            Charged today; renews every {choice.period === 'monthly' ? 'month' : 'year'}.
          </Text>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Card withBorder padding="lg">
          {!subscription.paymentConfigured ? (
            <Alert color="yellow" mb="md" title={PLAN_MESSAGES.notConfigured}>
              Paid plans cannot be bought on this server yet. Please contact us.
            </Alert>
          ) : null}
          <Tabs value={tab} onChange={switchTab} keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="card" leftSection={<IconCreditCard size={16} aria-hidden="true" />}>
                Card
              </Tabs.Tab>
              <Tabs.Tab value="bank" leftSection={<IconBuildingBank size={16} aria-hidden="true" />}>
                Bank
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="card">
              <form
                noValidate
                aria-label="Pay by card"
                onSubmit={(event) => {
                  event.preventDefault();
                  void submitCard();
                }}
              >
                <Stack gap="sm">
                  {subscription.savedCards.length > 0 ? (
                    <Radio.Group label="Pay with" value={cardChoice} onChange={setCardChoice}>
                      <Stack gap={6} mt={6}>
                        {subscription.savedCards.map((saved) => (
                          <Radio
                            key={saved.methodId}
                            value={saved.methodId}
                            label={`${saved.prefCard}${saved.expMonth ? `, expires ${String(saved.expMonth).padStart(2, '0')}/${saved.expYear}` : ''}`}
                          />
                        ))}
                        <Radio value={OTHER_CARD} label="Other card" />
                      </Stack>
                    </Radio.Group>
                  ) : null}
                  {usingSavedCard ? null : (
                    <>
                      <Text size="sm">
                        You will enter the card on our payment provider&apos;s secure page, then come back here. Your
                        card number never passes through this site.
                      </Text>
                      <Checkbox
                        label="Save this card for next time"
                        checked={storeCard}
                        onChange={(event) => setStoreCard(event.currentTarget.checked)}
                      />
                    </>
                  )}
                  {errorLine}
                  <Group justify="flex-end">
                    <Button type="submit" loading={busy} disabled={!subscription.paymentConfigured}>
                      {usingSavedCard
                        ? `Pay ${priceLabel(subscription.csymbol, choice.price, choice.period)}`
                        : 'Continue to card payment'}
                    </Button>
                  </Group>
                </Stack>
              </form>
            </Tabs.Panel>
            <Tabs.Panel value="bank">
              <form
                noValidate
                aria-label="Pay by bank draft"
                onSubmit={(event) => {
                  event.preventDefault();
                  void submitBank();
                }}
              >
                <Stack gap="sm">
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label="First Name"
                      withAsterisk
                      autoComplete="given-name"
                      {...bank.getInputProps('bankFirstName')}
                    />
                    <TextInput
                      label="Last Name"
                      withAsterisk
                      autoComplete="family-name"
                      {...bank.getInputProps('bankLastName')}
                    />
                    <TextInput
                      label="Bank Account Number"
                      withAsterisk
                      inputMode="numeric"
                      autoComplete="off"
                      {...bank.getInputProps('bankAccountNumber')}
                    />
                    <TextInput
                      label="Bank Routing Number"
                      withAsterisk
                      inputMode="numeric"
                      autoComplete="off"
                      {...bank.getInputProps('bankRoutingNumber')}
                    />
                    <Select
                      label="Bank Account Type"
                      withAsterisk
                      allowDeselect={false}
                      data={[
                        { value: 'checking', label: 'Checking' },
                        { value: 'savings', label: 'Savings' },
                      ]}
                      {...bank.getInputProps('bankAccountType')}
                    />
                  </SimpleGrid>
                  {errorLine}
                  <Group justify="flex-end">
                    <Button type="submit" loading={busy}>
                      Pay {priceLabel(subscription.csymbol, choice.price, choice.period)}
                    </Button>
                  </Group>
                </Stack>
              </form>
            </Tabs.Panel>
          </Tabs>
        </Card>
      </Grid.Col>
    </Grid>
  );
}
