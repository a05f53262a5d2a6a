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
import {
  type BankValues,
  bankFormErrors,
  type CardValues,
  cardFormErrors,
  EMPTY_BANK,
  EMPTY_CARD,
  formatCardNumber,
  initialCardChoice,
  MONTH_OPTIONS,
  OTHER_CARD,
  priceLabel,
  toCardBody,
  yearOptions,
} from './plan-rules';

type Tab = 'card' | 'bank';

/**
 * Checkout of a paid plan: Card and Bank tabs (spec 2 §4). The card goes to our server, which
 * creates the Stripe PaymentMethod (Stripe.js cannot load here); only its id comes back.
 */
export default function CheckoutPanel({ subscription, choice }: { subscription: Subscription; choice: PlanChoice }) {
  const navigate = useNavigate();
  const tokens = useCheckoutTokens(true);
  const update = useUpdatePlan();
  const [tab, setTab] = useState<Tab>('card');
  const [cardChoice, setCardChoice] = useState(initialCardChoice(subscription));
  const [busy, setBusy] = useState(false);
  const [inlineError, setInlineError] = useState<string | null>(null);
  const card = useForm<CardValues>({ initialValues: EMPTY_CARD, validate: cardFormErrors });
  const bank = useForm<BankValues>({ initialValues: EMPTY_BANK, validate: bankFormErrors });
  const usingSavedCard = tab === 'card' && cardChoice !== OTHER_CARD;

  const switchTab = (next: string | null) => {
    if (next !== 'card' && next !== 'bank') return;
    // Switching resets the other form (spec 2 §4).
    if (next === 'card') bank.reset();
    else {
      card.reset();
      setCardChoice(initialCardChoice(subscription));
    }
    setInlineError(null);
    setTab(next);
  };

  type AnyForm = { values: object; setFieldError: (field: string, message: string) => void };
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
    if (usingSavedCard) {
      setBusy(true);
      await pay({ type: 'card', methodId: cardChoice, ...base }, card);
      setBusy(false);
      return;
    }
    if (card.validate().hasErrors) return;
    setBusy(true);
    try {
      const method = await planApi.card(toCardBody(card.values));
      await pay({ type: 'card', methodId: method.id, storeCard: card.values.storeCard, ...base }, card);
    } catch (error) {
      fail(error, card);
    } finally {
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
                  <fieldset
                    disabled={usingSavedCard}
                    aria-label="Card details"
                    style={{ border: 0, padding: 0, margin: 0, opacity: usingSavedCard ? 0.5 : 1 }}
                  >
                    <Stack gap="sm">
                      <TextInput
                        label="Name on card"
                        withAsterisk
                        autoComplete="cc-name"
                        {...card.getInputProps('cardOwnerName')}
                      />
                      <TextInput
                        label="Card number"
                        withAsterisk
                        inputMode="numeric"
                        autoComplete="cc-number"
                        {...card.getInputProps('cardNumber')}
                        onChange={(event) =>
                          card.setFieldValue('cardNumber', formatCardNumber(event.currentTarget.value))
                        }
                      />
                      <SimpleGrid cols={{ base: 2, sm: 4 }}>
                        <Select
                          label="Month"
                          withAsterisk
                          data={MONTH_OPTIONS}
                          autoComplete="cc-exp-month"
                          {...card.getInputProps('expMonth')}
                        />
                        <Select
                          label="Year"
                          withAsterisk
                          data={yearOptions()}
                          autoComplete="cc-exp-year"
                          {...card.getInputProps('expYear')}
                        />
                        <TextInput
                          label="CVV"
                          withAsterisk
                          inputMode="numeric"
                          maxLength={4}
                          autoComplete="cc-csc"
                          {...card.getInputProps('cvv')}
                        />
                        <TextInput
                          label="ZIP"
                          withAsterisk
                          maxLength={10}
                          autoComplete="postal-code"
                          {...card.getInputProps('zip')}
                        />
                      </SimpleGrid>
                      <Checkbox
                        label="Save this card for next time"
                        {...card.getInputProps('storeCard', { type: 'checkbox' })}
                      />
                    </Stack>
                  </fieldset>
                  {inlineError ? (
                    <Text c="red" size="sm" role="alert">
                      {inlineError}
                    </Text>
                  ) : null}
                  <Group justify="flex-end">
                    <Button type="submit" loading={busy}>
                      Pay {priceLabel(subscription.csymbol, choice.price, choice.period)}
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
                  {inlineError ? (
                    <Text c="red" size="sm" role="alert">
                      {inlineError}
                    </Text>
                  ) : null}
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
