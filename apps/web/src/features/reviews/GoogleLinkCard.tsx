import { googleReviewLinkFor, type ReviewLink } from '@atrium/contracts';
import { Anchor, Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { showServerError } from '../../app/components/FormDialog';
import { showSuccessToast } from '../../lib/notify';
import { reviewKeys, reviewsApi } from './api';

type Mode = 'place' | 'link';

/**
 * The studio's Google review link: generated from its Google Place ID (Google's "write a review" page,
 * which opens straight from a member's star click), or pasted as it is. Without one, members are not asked.
 */
export function GoogleLinkCard({ editable }: { editable: boolean }) {
  const client = useQueryClient();
  const link = useQuery({ queryKey: reviewKeys.link, queryFn: reviewsApi.link });
  const [mode, setMode] = useState<Mode>('place');
  const [placeId, setPlaceId] = useState('');
  const [pasted, setPasted] = useState('');
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!link.data) return;
    setMode(link.data.googleReviewLink && !link.data.isGoogleLinkGenerated ? 'link' : 'place');
    setPlaceId(link.data.placeId ?? '');
    setPasted(link.data.isGoogleLinkGenerated ? '' : (link.data.googleReviewLink ?? ''));
  }, [link.data]);

  const save = async (body: Parameters<typeof reviewsApi.saveLink>[0], done: string) => {
    setSaving(true);
    setError(null);
    try {
      const saved: ReviewLink = await reviewsApi.saveLink(body);
      client.setQueryData(reviewKeys.link, saved);
      showSuccessToast(done);
    } catch (failure) {
      showServerError(failure, (field, message) => setError({ field, message }));
    } finally {
      setSaving(false);
    }
  };

  const current = link.data?.googleReviewLink ?? null;
  return (
    <Paper withBorder p="md" radius="md" mb="md" component="section" aria-labelledby="google-link-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="google-link-title">
          Google review link
        </Title>
        <Text size="sm">
          {current ? (
            <>
              Members who have not reviewed yet are asked to rate you; their review goes to{' '}
              <Anchor href={current} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
                {link.data?.isGoogleLinkGenerated ? 'your Google review page' : current}
              </Anchor>
              .
            </>
          ) : (
            'Add your Google review link and members who have not reviewed you yet are asked to rate you.'
          )}
        </Text>
        {editable && (
          <>
            <Radio.Group label="How to add the link" value={mode} onChange={(value) => setMode(value as Mode)}>
              <Group mt={4} gap="md">
                <Radio value="place" label="From my Google Place ID" />
                <Radio value="link" label="Paste a link" />
              </Group>
            </Radio.Group>
            {mode === 'place' ? (
              <TextInput
                label="Google Place ID"
                description="Find it with Google's Place ID Finder (it starts with ChIJ…). We make the review link from it."
                value={placeId}
                onChange={(event) => setPlaceId(event.currentTarget.value)}
                error={error?.field === 'placeId' ? error.message : undefined}
              />
            ) : (
              <TextInput
                label="Review link"
                description="The https:// link Google gives you to ask for reviews."
                type="url"
                value={pasted}
                onChange={(event) => setPasted(event.currentTarget.value)}
                error={error?.field === 'googleReviewLink' ? error.message : undefined}
              />
            )}
            {mode === 'place' && placeId.trim() && /^[A-Za-z0-9_-]+$/.test(placeId.trim()) && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                Link: {googleReviewLinkFor(placeId.trim())}
              </Text>
            )}
            <Group gap="xs">
              <Button
                loading={saving}
                onClick={() =>
                  mode === 'place'
                    ? void save({ placeId }, 'The Google review link was made from your Place ID.')
                    : void save({ googleReviewLink: pasted.trim() || null }, 'The Google review link was saved.')
                }
              >
                Save link
              </Button>
              {current && (
                <Button
                  variant="subtle"
                  color="red"
                  disabled={saving}
                  onClick={() => void save({ googleReviewLink: null }, 'The Google review link was removed.')}
                >
                  Remove link
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
