import './notices.css';
import { NOTICE_MESSAGES, type Notice } from '@atrium/contracts';
import { Blockquote, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconQuote } from '@tabler/icons-react';

const wrap = { overflowWrap: 'anywhere' } as const;

/** A notice's message: rich text the server sanitised when it was saved. */
function Message({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (sanitizePageHtml) before it is stored
  return <div className="notice-board__message" style={wrap} dangerouslySetInnerHTML={{ __html: html }} />;
}

function Section({
  title,
  empty,
  onManage,
  children,
}: {
  title: string;
  empty: string | null;
  onManage?: () => void;
  children: React.ReactNode;
}) {
  return (
    <section aria-label={title}>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h4">
          {title}
        </Title>
        {onManage ? (
          <Button variant="subtle" size="compact-sm" onClick={onManage} aria-label={`Manage ${title.toLowerCase()}`}>
            Manage
          </Button>
        ) : null}
      </Group>
      {empty ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : (
        children
      )}
    </section>
  );
}

/**
 * The notice board (spec 3 §4): the active notices, then the quotes shown as quotes; each section says
 * when it is empty ('No Notices Found', 'No Quotes Found'). Staff get a Manage link per section.
 */
export function NoticeBoard({
  notices,
  quotes,
  onManage,
}: {
  notices: Notice[];
  quotes: Notice[];
  onManage?: (type: 'notice' | 'quote') => void;
}) {
  return (
    <Stack gap="lg">
      <Section
        title="Notices"
        empty={notices.length === 0 ? NOTICE_MESSAGES.noNotices : null}
        onManage={onManage ? () => onManage('notice') : undefined}
      >
        <Stack gap="sm">
          {notices.map((notice) => (
            <Paper key={notice._id} withBorder p="sm" radius="md">
              <Message html={notice.message} />
            </Paper>
          ))}
        </Stack>
      </Section>
      <Section
        title="Quotes"
        empty={quotes.length === 0 ? NOTICE_MESSAGES.noQuotes : null}
        onManage={onManage ? () => onManage('quote') : undefined}
      >
        <Stack gap="sm">
          {quotes.map((quote) => (
            <Blockquote key={quote._id} icon={<IconQuote size={18} aria-hidden />} iconSize={32} p="md" mt="xs">
              <Message html={quote.message} />
            </Blockquote>
          ))}
        </Stack>
      </Section>
    </Stack>
  );
}
