import { type PlanOffer, type PlanPeriod, planChoices } from '@atrium/contracts';
import { Alert, Badge, Button, Card, Group, List, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { MantineScope } from '../../app/MantineScope';
import { queryClient } from '../../lib/query-client';
import { NewStudioForm } from '../onboarding/NewStudioPage';
import { PeriodSwitch } from '../plan/PeriodSwitch';
import { priceLabel } from '../plan/plan-rules';
import { useTenant } from '../session/session-store';
import { operatorApi, operatorKeys } from './api';

const isPeriod = (value: string | null | undefined): value is PlanPeriod => value === 'monthly' || value === 'yearly';

function usePublicPlans() {
  return useQuery({ queryKey: operatorKeys.publicPlans, queryFn: operatorApi.publicPlans, staleTime: 60_000 });
}

/**
 * /tplan on the platform operator's site (issue 28): the plans on sale with their prices, monthly or
 * yearly; each leads to /tplan/{plan}/{period}, the sign-up that creates a studio on it.
 */
export default function TenantPlansPage() {
  return (
    <Scoped>
      <PlanCards />
    </Scoped>
  );
}

/** The public face has no providers of its own: each public page brings them (as EventPage does). */
function Scoped({ children }: { children: ReactNode }) {
  return (
    <MantineScope>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineScope>
  );
}

function PlanCards() {
  const tenant = useTenant();
  const [search, setSearch] = useSearchParams();
  const period: PlanPeriod = isPeriod(search.get('period')) ? (search.get('period') as PlanPeriod) : 'monthly';
  const plans = usePublicPlans();
  useEffect(() => {
    document.title = `Plans | ${tenant.title || tenant.name}`;
  }, [tenant.title, tenant.name]);

  return (
    <Stack gap="lg" p="md" maw={1200} mx="auto" component="section" aria-labelledby="tplan-title">
      <Title order={1} id="tplan-title" ta="center">
        Plans
      </Title>
      <PeriodSwitch value={period} onChange={(value) => setSearch({ period: value }, { replace: true })} />
      {plans.isPending ? (
        <Loader aria-label="Loading the plans" mx="auto" />
      ) : plans.isError || !plans.data ? (
        <Alert color="red" role="alert">
          The plans could not be loaded. Please reload the page.
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {planChoices(plans.data.plans, period, null).map((choice) => {
            const offer = plans.data.plans.find((plan) => plan.type === choice.type) as PlanOffer;
            const headingId = `tplan-${choice.type}`;
            return (
              <Card key={choice.type} withBorder padding="lg" component="article" aria-labelledby={headingId}>
                <Stack gap="sm" h="100%">
                  <Group justify="space-between">
                    <Title order={2} size="h4" id={headingId}>
                      {choice.name}
                    </Title>
                    {offer.trialDays > 0 && choice.price > 0 ? (
                      <Badge variant="light">{offer.trialDays}-day free trial</Badge>
                    ) : null}
                  </Group>
                  <Text size="xl" fw={700}>
                    {priceLabel(plans.data.csymbol, choice.price, period)}
                  </Text>
                  <List spacing={4} size="sm" icon={<IconCheck size={14} aria-hidden="true" />} style={{ flexGrow: 1 }}>
                    {choice.features.map((feature) => (
                      <List.Item key={feature}>{feature}</List.Item>
                    ))}
                  </List>
                  {choice.byContact ? (
                    <Text size="sm">Contact us to subscribe.</Text>
                  ) : (
                    <Button component={Link} to={`/tplan/${choice.type}/${period}`}>
                      Start with {choice.name}
                    </Button>
                  )}
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** /tplan/{plan}/{period}: the chosen plan, then the sign-up that creates the studio on it. */
export function TenantPlanSignupPage() {
  return (
    <Scoped>
      <PlanSignup />
    </Scoped>
  );
}

function PlanSignup() {
  const { name, freq } = useParams();
  const plans = usePublicPlans();
  const offer = plans.data?.plans.find((plan) => plan.type === name && !plan.byContact);

  if (plans.isPending) return <Loader aria-label="Loading the plan" m="xl" />;
  if (!offer || !isPeriod(freq) || !plans.data) {
    return (
      <Stack p="md" maw={560} mx="auto">
        <Title order={1}>Plan not found</Title>
        <Text>
          This plan is not on sale. <Link to="/tplan">See the plans</Link>
        </Text>
      </Stack>
    );
  }
  const price = offer[freq];
  const trial = offer.trialDays > 0 && price > 0;
  return (
    <Stack p="md" maw={560} mx="auto">
      <NewStudioForm
        planName={offer.type === 'free' ? 'free_plan' : `${offer.type}_${freq}_plan`}
        intro={
          <Alert variant="light" mb="md" title={`${offer.name} plan`}>
            {priceLabel(plans.data.csymbol, price, freq)}
            {trial
              ? `, free for ${offer.trialDays} days. Add a card under Settings > Plan before the trial ends.`
              : price > 0
                ? '. You choose how to pay under Settings > Plan once your studio is made.'
                : '.'}{' '}
            <Link to="/tplan">Other plans</Link>
          </Alert>
        }
      />
    </Stack>
  );
}
