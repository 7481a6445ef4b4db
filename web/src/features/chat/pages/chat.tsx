/**
 * /apps/chat and /chat (D37): my chats and the friends and groups I can start one with, beside the
 * chat open (`?id=`, kept in the address so that a reload keeps it). On a narrow screen one pane
 * shows at a time. The live stream (D38) refetches what a message changes, here in the full
 * layout too.
 */
import { Anchor, Card, Skeleton, Stack, Text } from '@mantine/core';
import { IconMessages, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { ListEmpty, PageHeader } from '../../../components/list-page';
import { useLive } from '../../../lib/use-live';
import { useChatList } from '../api/chat-api';
import { ChatListPane } from '../components/chat-list-pane';
import classes from '../components/chat.module.css';
import { Conversation } from '../components/conversation';

export function Component() {
  const { t } = useTranslation();
  // The app layout holds the stream already; the full layout does not.
  useLive();
  const full = useLocation().pathname === '/chat';
  const [search, setSearch] = useSearchParams();
  const chatId = search.get('id');
  const list = useChatList();
  const select = (id: string | null) => setSearch(id ? { id } : {});

  const nobody =
    list.data !== undefined &&
    list.data.chats.length + list.data.contacts.length + list.data.groups.length === 0;

  let listPane;
  if (list.data) {
    listPane = <ChatListPane list={list.data} selectedId={chatId} onSelect={select} />;
  } else if (list.error) {
    listPane = (
      <Stack p="sm">
        <ErrorAlert error={list.error} />
      </Stack>
    );
  } else {
    listPane = (
      <Stack gap="sm" p="sm" data-testid="list-loading">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} h={44} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" w="100%" maw={full ? 1200 : undefined} py={full ? 'xl' : undefined}>
      <PageHeader title={t('chat.title')} intro={t('chat.intro')} />
      {nobody && !chatId ? (
        <Card withBorder padding="lg" data-testid="chat-empty">
          <ListEmpty
            icon={<IconUsers size={28} />}
            title={t('chat.empty.title')}
            description={t('chat.empty.description')}
          />
          <Text ta="center" mt="sm">
            <Anchor component={Link} to="/friends">
              {t('chat.empty.link')}
            </Anchor>
          </Text>
        </Card>
      ) : (
        <Card
          withBorder
          className={classes.panes}
          data-open={chatId ? 'conversation' : 'list'}
          data-full={full}
        >
          <section className={classes.listPane} aria-label={t('chat.list.label')}>
            {listPane}
          </section>
          <section className={classes.conversationPane} aria-label={t('chat.conversation.label')}>
            {chatId ? (
              <Conversation
                key={chatId}
                chatId={chatId}
                summary={list.data?.chats.find((chat) => chat._id === chatId)}
                onBack={() => select(null)}
              />
            ) : (
              <div className={classes.placeholder}>
                <Stack align="center" gap="xs">
                  <IconMessages size={36} aria-hidden />
                  <Text c="dimmed" ta="center">
                    {t('chat.conversation.none')}
                  </Text>
                </Stack>
              </div>
            )}
          </section>
        </Card>
      )}
    </Stack>
  );
}
