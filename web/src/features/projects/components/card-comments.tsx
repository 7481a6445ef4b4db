/**
 * A card's comments: a box to write one (Ctrl/Cmd+Enter sends), and the comments newest first with
 * their author, how long ago, "(edited)", and Edit and Delete on one's own (the server refuses
 * anyone else's, 403 COMMENT_AUTHOR_ONLY).
 */
import { type ItemComment } from '@cadence/contract';
import { Button, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { PersonAvatar } from '../../../components/person-line';
import { formatAgo } from '../../../lib/relative-time';
import { useSessionUser } from '../../../lib/session';
import {
  getCommentsQueryOptions,
  useAddComment,
  useDeleteComment,
  useEditComment,
} from '../api/projects-api';
import { useMinuteClock } from '../model/clock';

const COMMENT_MAX = 4000;

/** Ctrl+Enter, or Cmd+Enter on a Mac: the keys that send a comment, as in Trello. */
const isSend = (event: KeyboardEvent) => event.key === 'Enter' && (event.ctrlKey || event.metaKey);

interface CardCommentsProps {
  boardId: string;
  listId: string;
  itemId: string;
  /** The account's time zone, for the full date a comment's time shows on hover. */
  timeZone: string;
}

export function CardComments({ boardId, listId, itemId, timeZone }: CardCommentsProps) {
  const { t } = useTranslation();
  const comments = useQuery(getCommentsQueryOptions(boardId, itemId));
  const add = useAddComment(boardId);
  const [text, setText] = useState('');

  const send = () => {
    const trimmed = text.trim();
    if (!trimmed) return;
    setText('');
    // The text comes back to the box if the server refuses it (the toast says why).
    add.mutate({ listId, itemId, text: trimmed }, { onError: () => setText(trimmed) });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby={`comments-${itemId}`}>
      <Title order={3} fz="h5" id={`comments-${itemId}`}>
        {t('projects.item.comments.title')}
      </Title>
      <Stack gap={6}>
        <Textarea
          label={t('projects.item.comments.newLabel')}
          placeholder={t('projects.item.comments.placeholder')}
          description={t('projects.item.comments.hint')}
          value={text}
          maxLength={COMMENT_MAX}
          autosize
          minRows={2}
          maxRows={8}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (isSend(event)) {
              event.preventDefault();
              send();
            }
          }}
        />
        <Group justify="flex-end">
          <Button size="xs" disabled={!text.trim()} loading={add.isPending} onClick={send}>
            {t('projects.item.comments.send')}
          </Button>
        </Group>
      </Stack>
      {comments.isPending ? (
        <Loader size="sm" aria-label={t('projects.item.comments.loading')} />
      ) : comments.error ? (
        <ErrorAlert error={comments.error} />
      ) : comments.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('projects.item.comments.empty')}
        </Text>
      ) : (
        <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {comments.data.data.map((comment) => (
            <CommentRow
              key={comment._id}
              boardId={boardId}
              listId={listId}
              itemId={itemId}
              comment={comment}
              timeZone={timeZone}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

interface CommentRowProps extends Omit<CardCommentsProps, 'timeZone'> {
  comment: ItemComment;
  timeZone: string;
}

function CommentRow({ boardId, listId, itemId, comment, timeZone }: CommentRowProps) {
  const { t, i18n } = useTranslation();
  const me = useSessionUser();
  const now = useMinuteClock();
  const edit = useEditComment(boardId);
  const remove = useDeleteComment(boardId);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.text);
  const [confirming, setConfirming] = useState(false);
  const mine = comment.author._id === me?._id;
  const fullDate = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(comment.createdAt));

  const save = () => {
    const trimmed = draft.trim();
    if (!trimmed) return;
    setEditing(false);
    if (trimmed !== comment.text) edit.mutate({ itemId, commentId: comment._id, text: trimmed });
  };

  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start" data-testid="comment">
      <PersonAvatar person={comment.author} size="sm" />
      <Stack gap={4} flex={1} miw={0}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={600}>
            {comment.author.fullName}
          </Text>
          <Text size="xs" c="dimmed" component="time" dateTime={comment.createdAt} title={fullDate}>
            {formatAgo(comment.createdAt, i18n.language, new Date(now))}
          </Text>
          {comment.edited && (
            <Text size="xs" c="dimmed">
              {t('projects.item.comments.edited')}
            </Text>
          )}
        </Group>
        {editing ? (
          <Stack gap={6}>
            <Textarea
              label={t('projects.item.comments.editLabel')}
              value={draft}
              maxLength={COMMENT_MAX}
              autosize
              minRows={2}
              maxRows={8}
              autoFocus
              onChange={(event) => setDraft(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (isSend(event)) {
                  event.preventDefault();
                  save();
                }
                if (event.key === 'Escape') {
                  // Cancels the edit, not the whole dialog.
                  event.stopPropagation();
                  setDraft(comment.text);
                  setEditing(false);
                }
              }}
            />
            <Group gap="xs">
              <Button size="xs" disabled={!draft.trim()} onClick={save}>
                {t('projects.item.comments.save')}
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  setDraft(comment.text);
                  setEditing(false);
                }}
              >
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {comment.text}
          </Text>
        )}
        {mine && !editing && (
          <Group gap="xs">
            {confirming ? (
              <>
                <Text size="xs">{t('projects.item.comments.deleteConfirm')}</Text>
                <Button size="compact-xs" variant="default" onClick={() => setConfirming(false)}>
                  {t('common.cancel')}
                </Button>
                <Button
                  size="compact-xs"
                  // red.9: white on Mantine's red.7 is under WCAG AA's 4.5:1 at this size.
                  color="red.9"
                  onClick={() => {
                    setConfirming(false);
                    remove.mutate({ listId, itemId, commentId: comment._id });
                  }}
                >
                  {t('projects.item.comments.deleteSubmit')}
                </Button>
              </>
            ) : (
              <>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="gray"
                  onClick={() => {
                    setDraft(comment.text);
                    setEditing(true);
                  }}
                >
                  {t('projects.item.comments.edit')}
                </Button>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  loading={remove.isPending}
                  onClick={() => setConfirming(true)}
                >
                  {t('projects.item.comments.delete')}
                </Button>
              </>
            )}
          </Group>
        )}
      </Stack>
    </Group>
  );
}
