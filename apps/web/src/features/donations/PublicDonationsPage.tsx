import type { PublicDonationCampaign } from '@atrium/contracts';
import { Alert, Button, Card, Container, Image, Loader, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MantineScope } from '../../app/MantineScope';
import { queryClient } from '../../lib/query-client';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { donationsApi } from './api';
import { money, progressOf } from './campaign-money';

/** /donations (and /publicdonations): the tenant's active campaigns with their progress. */
export default function PublicDonationsPage() {
  return (
    <MantineScope>
      <QueryClientProvider client={queryClient}>
        <DonationsList />
      </QueryClientProvider>
    </MantineScope>
  );
}

export function CampaignProgress({ campaign }: { campaign: PublicDonationCampaign }) {
  const percent = progressOf(campaign.raised, campaign.goal);
  const raised = money(campaign.raised, campaign.currency);
  const donors = `${campaign.donorCount} ${campaign.donorCount === 1 ? 'donor' : 'donors'}`;
  return (
    <Stack gap={4}>
      {percent !== null && campaign.goal ? (
        <>
          <Progress value={percent} aria-label={`${percent}% of the goal raised`} />
          <Text size="sm">
            {raised} raised of {money(campaign.goal, campaign.currency)} · {donors}
          </Text>
        </>
      ) : (
        <Text size="sm">
          {raised} raised · {donors}
        </Text>
      )}
    </Stack>
  );
}

function DonationsList() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Donations');
  const campaigns = useQuery({ queryKey: ['donations', 'public'], queryFn: donationsApi.publicCampaigns });
  const rows = campaigns.data?.data ?? [];
  return (
    <Container size="lg" py="lg" component="section" aria-labelledby="donations-title">
      <Stack>
        <Title order={1} id="donations-title">
          Donations
        </Title>
        {campaigns.isPending ? (
          <Loader aria-label="Loading campaigns" />
        ) : campaigns.isError ? (
          <Alert color="red" title="Campaigns could not be loaded">
            Please try again.
          </Alert>
        ) : rows.length === 0 ? (
          <Text>There are no campaigns to give to right now.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {rows.map((campaign) => (
              <Card key={campaign.guId} withBorder radius="md" component="article" aria-label={campaign.name}>
                {campaign.imageUrl ? (
                  <Card.Section>
                    <Image src={campaign.imageUrl} alt="" h={160} fit="cover" />
                  </Card.Section>
                ) : null}
                <Stack gap="xs" mt="sm">
                  <Title order={2} size="h3">
                    {campaign.name}
                  </Title>
                  {campaign.description ? (
                    <Text size="sm" lineClamp={3}>
                      {campaign.description}
                    </Text>
                  ) : null}
                  <CampaignProgress campaign={campaign} />
                  <Button component={Link} to={`/donate/${campaign.guId}`} aria-label={`Donate to ${campaign.name}`}>
                    Donate
                  </Button>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
