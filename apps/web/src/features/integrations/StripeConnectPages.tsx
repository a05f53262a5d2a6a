import { STRIPE_CONNECT_FAIL, STRIPE_CONNECT_SUCCESS, STRIPE_INTEGRATED_TOAST } from '@atrium/contracts';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Busy } from '../../app/components/Busy';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { SettingsHeader } from '../settings/SettingsHeader';
import { AdminOnly } from './AdminOnly';
import { connectApi } from './api';
import { connectResult } from './connect-rules';
import { DisconnectDialog } from './DisconnectDialog';
import { useDisconnectStripe, useStripeAccount } from './hooks';
import { HUB_PATH, paymentPanel } from './integration-rules';

const STRIPE_PANEL = paymentPanel(2);

/** Asks the server for Stripe's authorize URL and goes there (same window); an error is shown. */
async function goToStripe(onError: (message: string) => void) {
  try {
    const { url } = await connectApi.connect('stripe');
    window.location.assign(url);
  } catch (error) {
    onError(error instanceof Error ? error.message : String(error));
  }
}

/** /oauth/stripe: starts Stripe Connect, unless an account is connected (then its panel). */
export default function StripeConnectStart() {
  return (
    <section aria-label="Stripe">
      <SettingsHeader title="Stripe" backTo={HUB_PATH} />
      <AdminOnly>
        <StartStripe />
      </AdminOnly>
    </section>
  );
}

function StartStripe() {
  const navigate = useNavigate();
  const account = useStripeAccount();
  const [error, setError] = useState('');
  const started = useRef(false);
  const connected = account.data?.connected;
  useEffect(() => {
    if (account.isLoading || started.current) return;
    started.current = true;
    if (connected) navigate(STRIPE_PANEL, { replace: true });
    else void goToStripe(setError);
  }, [account.isLoading, connected, navigate]);
  if (error) {
    return (
      <Alert color="red" title={STRIPE_CONNECT_FAIL}>
        {error}
      </Alert>
    );
  }
  return <Busy label="Redirecting to Stripe" />;
}

/** /settings/integrations/paymentprovider/success: the green or red result (spec 2 §2). */
export function StripeResultPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const result = connectResult(params);
  const ok = result?.ok ?? false;
  const toasted = useRef(false);
  useEffect(() => {
    if (toasted.current || !result) return;
    toasted.current = true;
    if (ok) {
      showSuccessToast(STRIPE_INTEGRATED_TOAST);
      // On success the screen goes on to the payment provider page.
      const timer = setTimeout(() => navigate(STRIPE_PANEL), 2_500);
      return () => clearTimeout(timer);
    }
    if (result.message) showErrorToast(result.message);
  }, [ok, result, navigate]);
  return (
    <section aria-label="Stripe connection result">
      <SettingsHeader title="Stripe" backTo={HUB_PATH} />
      <Stack maw={640}>
        <Text fw={700} size="lg" c={ok ? 'green' : 'red'} role="status">
          {ok ? STRIPE_CONNECT_SUCCESS : STRIPE_CONNECT_FAIL}
        </Text>
        {!ok && result?.message ? <Text size="sm">{result.message}</Text> : null}
        <Group>
          <Button variant="default" component={Link} to="/settings/integrations/paymentprovider">
            Cancel
          </Button>
          {ok ? (
            <Button component={Link} to={STRIPE_PANEL}>
              Continue
            </Button>
          ) : null}
        </Group>
      </Stack>
    </section>
  );
}

/** Panel 2 of the payment providers screen: the connected account, its dashboard, Disconnect. */
export function StripePanel() {
  const account = useStripeAccount();
  const disconnect = useDisconnectStripe();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const [opening, setOpening] = useState(false);
  if (account.isLoading) return <Busy label="Loading the Stripe account" />;
  if (account.isError) return <Text c="red.9">{account.error.message}</Text>;
  const data = account.data;
  if (!data?.connected) {
    return (
      <Stack maw={640}>
        <Text>
          Connect your Stripe account to take card payments: cards from 2.9% + 30¢, USD and other currencies. You sign
          in (or sign up) at Stripe and come back here.
        </Text>
        {error ? <Alert color="red">{error}</Alert> : null}
        <Group>
          <Button onClick={() => goToStripe(setError)}>Connect with Stripe</Button>
        </Group>
      </Stack>
    );
  }
  const a = data.account;
  const openDashboard = async () => {
    setOpening(true);
    try {
      const { url } = await connectApi.stripeLoginLink();
      window.open(url, '_blank', 'noopener');
    } catch (failure) {
      showErrorToast(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setOpening(false);
    }
  };
  const rows: Array<[string, string]> = [
    ['Account', data.stripeUserId],
    ['Mode', data.livemode ? 'Live' : 'Test'],
    ['Business', a?.businessName ?? ''],
    ['Email', a?.email ?? ''],
    ['Country', a?.country ?? ''],
    ['Charges', a ? (a.chargesEnabled ? 'Enabled' : 'Not enabled yet') : ''],
    ['Payouts', a ? (a.payoutsEnabled ? 'Enabled' : 'Not enabled yet') : ''],
  ];
  return (
    <Stack maw={640}>
      <Card withBorder>
        <SimpleGrid cols={2} spacing="xs">
          {rows.map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <Text fw={600} size="sm">
                {label}
              </Text>
              <Text size="sm">{value || '-'}</Text>
            </div>
          ))}
        </SimpleGrid>
      </Card>
      <Group>
        <Button variant="light" onClick={openDashboard} loading={opening}>
          Open Stripe dashboard
        </Button>
        <Button color="red" variant="outline" onClick={() => setConfirming(true)}>
          Disconnect
        </Button>
      </Group>
      <DisconnectDialog
        provider="Stripe"
        opened={confirming}
        onClose={() => setConfirming(false)}
        disconnect={disconnect}
      />
    </Stack>
  );
}
