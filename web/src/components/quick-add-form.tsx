/**
 * The one-line add that reads dates in words (D47): "Call Maria friday 3pm" adds "Call Maria" on
 * Friday at 15:00 in the user's time zone. While typing, the line under the field says what was
 * read and marks the words it came from (announced politely to screen readers); "Keep as text"
 * adds the whole text as the title, with no date. Words left that look like a date in another
 * language the reader knows ("demain 15h" in English) are named, with a button that reads them in
 * it; a time a to-do cannot keep is said to be dropped. Enter adds; the field empties for the next one,
 * and the contract's messages show under it, as in InlineAddForm. The reader (chrono-node's four
 * languages, about 18 KB gzip) loads at the first key typed, not with the page.
 */
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useContractForm } from '../lib/contract-form';
import type * as QuickAdd from '../lib/quick-add';
import type { QuickAddWhen } from '../lib/quick-add';

type Reader = typeof QuickAdd;
let reader: Promise<Reader | null> | undefined;
/** The reader, loaded once; if its chunk cannot load, nothing is read as a date. */
const loadReader = () => (reader ??= import('../lib/quick-add').catch(() => null));

/**
 * i18n keys; `reading` is "Due: {{when}}" or "Starts: {{when}}"; `unread` names {{words}} left that
 * look like a date in {{language}}, `readAs` reads them in it; `timeDropped` says {{time}} is not
 * kept (needed when the time does not count).
 */
export interface QuickAddKeys {
  label: string;
  placeholder: string;
  submit: string;
  reading: string;
  from: string;
  keep: string;
  kept: string;
  readDate: string;
  unread: string;
  readAs: string;
  timeDropped?: string;
}

export interface QuickAddFormProps {
  /** The contract's create input, and the field of it the title fills (checked on the whole text). */
  schema: z.ZodType;
  field: string;
  /** The i18n keys of the form's words (the page's namespace loads them). */
  keys: QuickAddKeys;
  maxLength: number;
  /** The account's time zone; until it is known, nothing is read as a date. */
  timeZone: string | undefined;
  /** Whether the time counts (an event's start) or only the day (a to-do's due date). */
  withTime: boolean;
  /** Adds the title, and the date read (null when none was, or it was kept as text). */
  onAdd: (title: string, when: QuickAddWhen | null) => Promise<unknown> | void;
  testId?: string;
}

export function QuickAddForm({
  schema,
  field,
  keys,
  maxLength,
  timeZone,
  withTime,
  onAdd,
  testId,
}: QuickAddFormProps) {
  const { t, i18n } = useTranslation();
  // The words the user chose to keep as text: not read again until they change.
  const [kept, setKept] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<Reader | null>(null);
  // Another language the user chose to read the words in ("Read in French"), until the next add.
  const [readAs, setReadAs] = useState<string | null>(null);
  const language = readAs ?? i18n.language;
  const { form, onSubmit } = useContractForm<Record<string, string>>(
    schema,
    { [field]: '' },
    {
      onSubmit: async (values) => {
        const text = (values[field] ?? '').trim();
        const quick = timeZone ? await loadReader() : null;
        const read = quick && timeZone ? quick.parseQuickAdd(text, { language, timeZone }) : null;
        const useRead = read?.match && read.match.text !== kept;
        await (useRead ? onAdd(read.title, read.when) : onAdd(text, null));
        setKept(null);
        setReadAs(null);
      },
      resetOnSuccess: true,
    },
  );
  const text = form.getValues()[field] ?? '';
  const typing = text.trim() !== '';
  useEffect(() => {
    if (typing && !loaded) void loadReader().then(setLoaded);
  }, [typing, loaded]);
  const parsed = useMemo(
    () => (loaded && timeZone && typing ? loaded.parseQuickAdd(text, { language, timeZone }) : null),
    [loaded, text, typing, timeZone, language],
  );
  const match = parsed?.match ?? null;
  const keptNow = match !== null && match.text === kept;
  const unread = !keptNow && parsed?.unread ? parsed.unread : null;
  const unreadLanguage =
    unread && new Intl.DisplayNames([i18n.language], { type: 'language' }).of(unread.language);
  // A to-do has a due day, not a time: the time read is said to be dropped rather than lost silently.
  const droppedTime =
    !withTime && !keptNow && keys.timeDropped && parsed?.when?.time && loaded && timeZone
      ? loaded.formatQuickAddTime(parsed.when, i18n.language, timeZone)
      : null;

  return (
    <form onSubmit={onSubmit} noValidate data-testid={testId}>
      <Stack gap={6}>
        <TextInput
          maxLength={maxLength}
          aria-label={t(keys.label)}
          placeholder={t(keys.placeholder)}
          {...form.getInputProps(field)}
        />
        <div aria-live="polite" data-testid="quick-add-reading">
          {match && parsed?.when && loaded && timeZone && (
            <Group gap={6} wrap="wrap">
              <Text size="sm" c={keptNow ? 'dimmed' : undefined}>
                {keptNow ? (
                  t(keys.kept)
                ) : (
                  <>
                    {/* Isolated, so that a right-to-left layout keeps the date and time in order. */}
                    <bdi>
                      {t(keys.reading, {
                        when: loaded.formatQuickAddWhen(parsed.when, i18n.language, timeZone, withTime),
                      })}
                    </bdi>{' '}
                    {t(keys.from)}{' '}
                    <mark>
                      <bdi>{match.text}</bdi>
                    </mark>
                  </>
                )}
              </Text>
              <Anchor
                component="button"
                type="button"
                fz="sm"
                onClick={() => setKept(keptNow ? null : match.text)}
              >
                {t(keptNow ? keys.readDate : keys.keep)}
              </Anchor>
            </Group>
          )}
          {droppedTime && keys.timeDropped && (
            <Text size="sm" data-testid="quick-add-time-dropped">
              {t(keys.timeDropped, { time: droppedTime })}
            </Text>
          )}
          {unread && (
            <Group gap={6} wrap="wrap" data-testid="quick-add-unread">
              <Text size="sm">{t(keys.unread, { words: unread.text, language: unreadLanguage })}</Text>
              <Anchor
                component="button"
                type="button"
                fz="sm"
                onClick={() => {
                  setReadAs(unread.language);
                  setKept(null);
                }}
              >
                {t(keys.readAs, { language: unreadLanguage })}
              </Anchor>
            </Group>
          )}
        </div>
        <Group gap={6}>
          <Button type="submit" size="xs">
            {t(keys.submit)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
