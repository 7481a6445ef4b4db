/**
 * A repetition a calendar app wrote that the forms cannot draw (D49), shown read-only: in a form,
 * as the field's words with a note that it can only be changed in that app; in a list, as a repeat
 * icon that says the same words.
 */
import { Group, Input, Text, Tooltip } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { customRepetitionText } from '../lib/recurrence-rule';

/** "Custom repetition: every week on Monday…", in the interface's language. */
export function useCustomRepetitionText(rule: string): string {
  const { t, i18n } = useTranslation();
  return customRepetitionText(rule, t, i18n.language);
}

interface CustomRepetitionFieldProps {
  /** The form's label for its repeat field ("Repeat"). */
  label: string;
  rule: string;
  /** What the form offers instead of changing the rule, such as removing the repetition. */
  action?: ReactNode;
}

export function CustomRepetitionField({ label, rule, action }: CustomRepetitionFieldProps) {
  const { t } = useTranslation();
  const text = useCustomRepetitionText(rule);
  const id = useId();
  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      description={t('repetition.setElsewhere')}
      inputWrapperOrder={['label', 'input', 'description']}
      id={id}
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={`${id}-description`}
      data-testid="custom-repetition"
    >
      <Group gap="xs" wrap="nowrap" align="flex-start" my={4}>
        <IconRepeat size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm" style={{ flex: 1, overflowWrap: 'anywhere' }}>
          {text}
        </Text>
        {action}
      </Group>
    </Input.Wrapper>
  );
}

/** The repeat icon of a list's row, its words on hover and for screen readers. */
export function CustomRepetitionIcon({ rule }: { rule: string }) {
  const text = useCustomRepetitionText(rule);
  return (
    <Tooltip label={text} multiline maw={320}>
      <Group
        gap={4}
        wrap="nowrap"
        c="dimmed"
        role="img"
        aria-label={text}
        data-testid="custom-repetition-icon"
      >
        <IconRepeat size={14} aria-hidden />
      </Group>
    </Tooltip>
  );
}
