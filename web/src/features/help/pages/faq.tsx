/**
 * /pages/faq?q= (spec part 2, D26, D35): the frequently asked questions in the interface's
 * language, by category. The search keeps its words in the address; the API answers only the
 * matching questions, whose words are marked here, accents or not.
 */
import type { FaqAnswer } from '@cadence/contract';
import {
  Accordion,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBook, IconSearchOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { HighlightedText } from '../../../components/highlighted-text';
import { ListEmpty } from '../../../components/list-page';
import { getFaqQueryOptions, helpSearch } from '../api/help-api';
import { HelpHero } from '../components/help-hero';
import { HelpIcon } from '../components/help-icon';
import { useHelpLanguage } from '../lib/help-page';

type FaqCategory = FaqAnswer['data'][number];

function CategoryTab({ category, wide }: { category: FaqCategory; wide: boolean }) {
  const { t } = useTranslation();
  const count = (
    <Badge variant="light" size="sm" tt="none" data-testid="faq-count">
      {t('help.faq.questionCount', { count: category.questions.length })}
    </Badge>
  );
  return (
    <Tabs.Tab
      value={category.category}
      leftSection={<HelpIcon name={category.icon} size="md" />}
      rightSection={wide ? undefined : count}
      data-testid="faq-category"
      styles={
        wide
          ? {
              tab: { width: '100%', paddingBlock: 'var(--mantine-spacing-xs)' },
              tabSection: { alignSelf: 'flex-start' },
              tabLabel: { whiteSpace: 'normal', textAlign: 'start', flex: 1 },
            }
          : undefined
      }
    >
      <Text size="sm" fw={600}>
        {category.title}
      </Text>
      {wide && (
        <Stack gap={4} align="flex-start">
          <Text size="xs" c="dimmed">
            {category.subtitle}
          </Text>
          {count}
        </Stack>
      )}
    </Tabs.Tab>
  );
}

function CategoryPanel({ category, query }: { category: FaqCategory; query: string }) {
  return (
    <Tabs.Panel value={category.category}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="h3">
            {category.title}
          </Title>
          <Text c="dimmed">{category.subtitle}</Text>
        </div>
        <Accordion variant="separated" radius="md" order={3}>
          {category.questions.map((question) => (
            <Accordion.Item key={question.id} value={question.id} data-testid="faq-question">
              <Accordion.Control>
                <HighlightedText text={question.question} query={query} />
              </Accordion.Control>
              <Accordion.Panel>
                <Text style={{ whiteSpace: 'pre-line' }}>
                  <HighlightedText text={question.answer} query={query} />
                </Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
    </Tabs.Panel>
  );
}

function FaqBody({ data, query }: { data: FaqAnswer['data']; query: string }) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const [chosen, setChosen] = useState<string | null>(null);
  // Another search may leave out the chosen category: then the first one left is shown.
  const active = data.some((category) => category.category === chosen) ? chosen : data[0]!.category;
  return (
    <Tabs
      value={active}
      onChange={setChosen}
      orientation={wide ? 'vertical' : 'horizontal'}
      keepMounted={false}
    >
      <Tabs.List
        aria-label={t('help.faq.categories')}
        w={wide ? 300 : undefined}
        style={{ flexShrink: 0 }}
        mb={wide ? 0 : 'md'}
      >
        {data.map((category) => (
          <CategoryTab key={category.category} category={category} wide={wide} />
        ))}
      </Tabs.List>
      <Box style={{ flex: 1, minWidth: 0 }} ps={wide ? 'xl' : 0}>
        {data.map((category) => (
          <CategoryPanel key={category.category} category={category} query={query} />
        ))}
      </Box>
    </Tabs>
  );
}

export function Component() {
  const { t } = useTranslation();
  const lang = useHelpLanguage();
  const [searchParams] = useSearchParams();
  const query = helpSearch(searchParams);
  const faq = useQuery(getFaqQueryOptions(lang, query));
  const found = faq.data?.data.reduce((sum, category) => sum + category.questions.length, 0);

  let body;
  if (!faq.data) {
    body = faq.error ? <ErrorAlert error={faq.error} /> : <Skeleton h={320} radius="md" />;
  } else if (faq.data.data.length === 0) {
    body = (
      <Card withBorder padding="lg">
        <ListEmpty
          icon={<IconSearchOff />}
          title={t('help.faq.empty.title')}
          description={t('help.faq.empty.description')}
        />
      </Card>
    );
  } else {
    body = <FaqBody data={faq.data.data} query={query} />;
  }

  return (
    <Stack gap="lg" aria-busy={faq.isFetching}>
      <HelpHero title={t('help.faq.title')} intro={t('help.faq.intro')} searchLabel={t('help.faq.search')} />
      <Text role="status" size="sm" c="dimmed" data-testid="faq-found">
        {query && found !== undefined ? t('help.faq.found', { count: found }) : ''}
      </Text>
      {body}
      <Card withBorder padding="lg" component="section" aria-labelledby="faq-kb-title">
        <Group justify="space-between" align="center">
          <Group gap="md" wrap="nowrap">
            <IconBook size={32} stroke={1.5} aria-hidden />
            <div>
              <Title order={2} fz="h4" id="faq-kb-title">
                {t('help.faq.kbCard.title')}
              </Title>
              <Text c="dimmed" size="sm">
                {t('help.faq.kbCard.text')}
              </Text>
            </div>
          </Group>
          <Button component={Link} to="/pages/knowledge-base" variant="light">
            {t('help.faq.kbCard.action')}
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}
