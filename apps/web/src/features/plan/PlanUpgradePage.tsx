import {
  PLAN_MESSAGES,
  type PlanChoice,
  type PlanOffer,
  type PlanPeriod,
  planChoices,
  type Subscription,
} from '@atrium/contracts';
import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { Busy } from '../../app/components/Busy';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { SettingsHeader } from '../settings/SettingsHeader';
import { usePlanOffers, useSubscription, useUpdatePlan } from './api';
import { PeriodSwitch } from './PeriodSwitch';
import { periodFromQuery, priceLabel } from './plan-rules';

const CheckoutPanel = lazy(() => import('./CheckoutPanel'));

/**
 * /settings/plan/upgrade (the plan list) and /settings/plan/{type} (checkout of that plan, the
 * period in ?period=), spec 2 "Plan upgrade" and §4.
 */
export default function PlanUpgradePage() {
  const { type } = useParams();
  const [search] = useSearchParams();
  const subscription = useSubscription();
  const offers = usePlanOffers();
  const inCheckout = type !== undefined;
  const title = inCheckout ? 'Checkout' : 'Upgrade Plan';
  const offer = offers.data?.plans.find((plan) => plan.type === type);

  if (inCheckout && offers.data && (!offer || offer.type === 'free' || offer.byContact)) {
    return <Navigate to="/settings/plan/upgrade" replace />;
  }
  return (
    <section aria-label={title}>
      <SettingsHeader title={title} backTo={inCheckout ? '/settings/plan/upgrade' : '/settings/plan'} />
      {subscription.isLoading || offers.isLoading ? (
        <Busy label="Loading the plans" />
      ) : !subscription.data || !offers.data ? (
        <Text c="red.9">The plans could not be loaded. Please reload the page.</Text>
      ) : inCheckout ? (
        <Suspense fallback={<Busy label="Loading the checkout" />}>
          <CheckoutPanel
            subscription={subscription.data}
            choice={choiceOf(
              offers.data.plans,
              subscription.data,
              type,
              periodFromQuery(search.get('period'), subscription.data),
            )}
          />
        </Suspense>
      ) : (
        <PlanList subscription={subscription.data} offers={offers.data.plans} />
      )}
    </section>
  );
}

function choiceOf(offers: PlanOffer[], subscription: Subscription, type: string, period: PlanPeriod): PlanChoice {
  const choices = planChoices(offers, period, subscription.planName);
  return choices.find((choice) => choice.type === type) ?? (choices[1] as PlanChoice);
}

function PlanList({ subscription, offers }: { subscription: Subscription; offers: PlanOffer[] }) {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const period = periodFromQuery(search.get('period'), subscription);
  const choices = planChoices(offers, period, subscription.planName);
  const [confirmFree, setConfirmFree] = useState(false);
  const update = useUpdatePlan();

  const choose = (choice: PlanChoice) => {
    if (choice.type === 'free') setConfirmFree(true);
    else navigate(`/settings/plan/${choice.type}?period=${choice.period}`);
  };

  const chooseFree = () =>
    update.mutate(
      { planName: 'free_plan', payment: { nonce: 'na', type: 'na', amount: 0 } },
      {
        onSuccess: () => {
          setConfirmFree(false);
          showSuccessToast(PLAN_MESSAGES.updated);
          navigate('/settings/plan');
        },
        onError: (error) => {
          setConfirmFree(false);
          showErrorToast(error.message);
        },
      },
    );

  return (
    <Stack gap="lg" maw={1200}>
      <PeriodSwitch value={period} onChange={(value) => setSearch({ period: value }, { replace: true })} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {choices.map((choice) => (
          <PlanCard
            key={choice.type}
            choice={choice}
            csymbol={subscription.csymbol}
            contactUrl={subscription.contactUrl}
            onChoose={() => choose(choice)}
          />
        ))}
      </SimpleGrid>
      <ConfirmDialog
        opened={confirmFree}
        title="Free plan"
        message={PLAN_MESSAGES.freeConfirm}
        confirmLabel="Yes"
        cancelLabel="No"
        busy={update.isPending}
        onCancel={() => setConfirmFree(false)}
        onConfirm={chooseFree}
      />
    </Stack>
  );
}

function PlanCard({
  choice,
  csymbol,
  contactUrl,
  onChoose,
}: {
  choice: PlanChoice;
  csymbol: string;
  contactUrl: string;
  onChoose: () => void;
}) {
  const headingId = `plan-${choice.type}`;
  const isTopTier = choice.byContact;
  // The free plan stays selectable (it only asks for confirmation); a paid current plan is not bought twice.
  const disabled = choice.isCurrentPlan && choice.type !== 'free';
  return (
    <Card
      withBorder
      padding="lg"
      component="article"
      aria-labelledby={headingId}
      data-testid={`plan-card-${choice.type}`}
      style={choice.isCurrentPlan ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between">
          <Title order={2} size="h4" id={headingId}>
            {choice.name}
          </Title>
          {choice.isCurrentPlan ? <Badge variant="light">Current plan</Badge> : null}
        </Group>
        <Text size="xl" fw={700} data-testid={`plan-price-${choice.type}`}>
          {priceLabel(csymbol, choice.price, choice.period)}
        </Text>
        <List spacing={4} size="sm" icon={<IconCheck size={14} aria-hidden="true" />} style={{ flexGrow: 1 }}>
          {choice.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        {isTopTier ? (
          <Button component="a" href={contactUrl} target="_blank" rel="noopener noreferrer" variant="outline">
            Contact us<span className="atrium-visually-hidden"> about {choice.name} (opens in a new tab)</span>
          </Button>
        ) : (
          <Button onClick={onChoose} disabled={disabled} aria-describedby={headingId}>
            {disabled ? 'Current plan' : `Choose ${choice.name}`}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
