import type { PaymentRedirect } from '@atrium/contracts';
import { Alert, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormActions } from '../../app/components/FormDialog';
import { AlertTitle } from './card-payment';
import {
  type BrowserCard,
  type CardFields,
  type CardProblems,
  CardTokenError,
  cardProblems,
  formatCardNumber,
  makeCardToken,
} from './card-token';

const EMPTY: CardFields = { owner: '', number: '', expiry: '', csc: '' };

/**
 * The card form of a provider without a hosted page (PaymentSpring). The inputs have no `name`:
 * nothing here is ever posted to our server. The card goes from the browser to the provider's token
 * endpoint; only the token is handed to `charge`, and the browser then goes where it answers.
 */
export function CardTokenForm({
  card,
  amount,
  charge,
  onCancel,
}: {
  card: BrowserCard;
  /** 'Pay $40.00'. */
  amount: string;
  charge: (token: string) => Promise<PaymentRedirect>;
  onCancel: () => void;
}) {
  const [fields, setFields] = useState<CardFields>(EMPTY);
  const [problems, setProblems] = useState<CardProblems>({});
  const [failure, setFailure] = useState('');
  const [step, setStep] = useState<'idle' | 'sending' | 'charging' | 'done'>('idle');
  const busy = step !== 'idle';
  const owner = useRef<HTMLInputElement>(null);
  const inputs = {
    owner,
    number: useRef<HTMLInputElement>(null),
    expiry: useRef<HTMLInputElement>(null),
    csc: useRef<HTMLInputElement>(null),
  };
  // The button that opened the form is gone: the name on the card is where the buyer goes on.
  useEffect(() => owner.current?.focus(), []);
  const set = (field: keyof CardFields) => (event: { currentTarget: { value: string } }) => {
    const value = field === 'number' ? formatCardNumber(event.currentTarget.value) : event.currentTarget.value;
    setFields((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = cardProblems(fields);
    setProblems(found);
    setFailure('');
    const first = (['owner', 'number', 'expiry', 'csc'] as const).find((field) => found[field]);
    if (first) {
      inputs[first].current?.focus();
      return;
    }
    try {
      setStep('sending');
      const token = await makeCardToken(card, fields);
      setStep('charging');
      const { url } = await charge(token);
      setStep('done');
      window.location.assign(url);
    } catch (error) {
      setStep('idle');
      setFailure(
        error instanceof CardTokenError || error instanceof Error ? error.message : 'The payment did not go through.',
      );
    }
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="card-form-title">
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <Stack gap="sm">
          <Title order={2} size="h4" id="card-form-title">
            Pay by card
          </Title>
          {failure ? (
            <Alert color="red" role="alert" title={<AlertTitle text="The payment did not go through" />}>
              <Text size="sm" c="dark.7">
                {failure}
              </Text>
            </Alert>
          ) : null}
          <TextInput
            label="Name on card"
            autoComplete="cc-name"
            required
            value={fields.owner}
            onChange={set('owner')}
            error={problems.owner}
            disabled={busy}
            ref={inputs.owner}
          />
          <TextInput
            label="Card number"
            autoComplete="cc-number"
            inputMode="numeric"
            required
            value={fields.number}
            onChange={set('number')}
            error={problems.number}
            disabled={busy}
            ref={inputs.number}
          />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              label="Expiry (MM / YY)"
              autoComplete="cc-exp"
              inputMode="numeric"
              placeholder="MM / YY"
              required
              value={fields.expiry}
              onChange={set('expiry')}
              error={problems.expiry}
              disabled={busy}
              ref={inputs.expiry}
            />
            <TextInput
              label="Security code"
              autoComplete="cc-csc"
              inputMode="numeric"
              required
              maxLength={4}
              value={fields.csc}
              onChange={set('csc')}
              error={problems.csc}
              disabled={busy}
              ref={inputs.csc}
            />
          </SimpleGrid>
          <Text size="xs" c="gray.7">
            Your card details go straight to our payment provider; they are never stored here.
          </Text>
          <FormActions onCancel={onCancel} cancelDisabled={busy} pending={busy} submitLabel={amount} gap="sm" />
          {busy ? (
            <Text size="sm" role="status">
              {step === 'sending' ? 'Checking your card…' : 'Taking the payment…'}
            </Text>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
