/**
 * /pages/knowledge-base?q= (spec part 2, D26, D35): the knowledge base's categories, each with its
 * articles; with words in the address, the matching articles, their words marked.
 */
import type { KbAnswer } from '@cadence/contract';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconHelpCircle, IconSearchOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { HighlightedText } from '../../../components/highlighted-text';
import { ListEmpty } from '../../../components/list-page';
import { getKbQueryOptions, helpSearch } from '../api/help-api';
import { HelpHero } from '../components/help-hero';
import { HelpIcon } from '../components/help-icon';
import { kbArticlePath, kbCategoryPath, useHelpLanguage } from '../lib/help-page';

type KbCategory = KbAnswer['data'][number];

/** A category's card: its icon, title, description and the links to its articles. */
function CategoryCard({ category }: { category: KbCategory }) {
  const { t } = useTranslation();
  const titleId = `kb-category-${category.category}`;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId} data-testid="kb-category">
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap">
          <HelpIcon name={category.icon} />
          <Title order={2} fz="h4" id={titleId}>
            <Anchor component={Link} to={kbCategoryPath(category.category)} inherit>
              {category.title}
            </Anchor>
          </Title>
        </Group>
        <Text c="dimmed" size="sm">
          {category.description}
        </Text>
        <List spacing={4} size="sm" listStyleType="none" style={{ flex: 1 }}>
          {category.articles.map((article) => (
            <List.Item key={article.slug}>
              <Anchor component={Link} to={kbArticlePath(category.category, article.slug)} size="sm">
                {article.title}
              </Anchor>
            </List.Item>
          ))}
        </List>
        <Badge variant="light" data-testid="kb-article-count">
          {t('help.kb.articleCount', { count: category.articles.length })}
        </Badge>
      </Stack>
    </Card>
  );
}

/** The articles a search found, by category, their words marked. */
function SearchResults({ data, query }: { data: KbAnswer['data']; query: string }) {
  return (
    <Stack gap="md">
      {data.map((category) => (
        <Card
          key={category.category}
          withBorder
          padding="lg"
          component="section"
          aria-labelledby={`kb-found-${category.category}`}
        >
          <Stack gap="md">
            <Group gap="sm">
              <HelpIcon name={category.icon} size="md" />
              <Title order={2} fz="h4" id={`kb-found-${category.category}`}>
                {category.title}
              </Title>
            </Group>
            {category.articles.map((article) => (
              <div key={article.slug} data-testid="kb-result">
                <Title order={3} fz="md">
                  <Anchor component={Link} to={kbArticlePath(category.category, article.slug)} inherit>
                    <HighlightedText text={article.title} query={query} />
                  </Anchor>
                </Title>
                <Text size="sm" c="dimmed">
                  <HighlightedText text={article.summary} query={query} />
                </Text>
              </div>
            ))}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

export function Component() {
  const { t } = useTranslation();
  const lang = useHelpLanguage();
  const [searchParams] = useSearchParams();
  const query = helpSearch(searchParams);
  const kb = useQuery(getKbQueryOptions(lang, query));
  const found = kb.data?.data.reduce((sum, category) => sum + category.articles.length, 0);

  let body;
  if (!kb.data) {
    body = kb.error ? (
      <ErrorAlert error={kb.error} />
    ) : (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {[0, 1, 2].map((card) => (
          <Skeleton key={card} h={220} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (kb.data.data.length === 0) {
    body = (
      <Card withBorder padding="lg">
        <ListEmpty
          icon={<IconSearchOff />}
          title={t('help.kb.empty.title')}
          description={t('help.kb.empty.description')}
        />
      </Card>
    );
  } else if (query) {
    body = <SearchResults data={kb.data.data} query={query} />;
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {kb.data.data.map((category) => (
          <CategoryCard key={category.category} category={category} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="lg" aria-busy={kb.isFetching}>
      <HelpHero
        title={t('help.kb.title')}
        intro={t('help.kb.intro')}
        searchLabel={t('help.kb.search')}
        extra={
          <Button component={Link} to="/pages/faq" variant="light" leftSection={<IconHelpCircle size={18} />}>
            {t('help.kb.faqLink')}
          </Button>
        }
      />
      <Text role="status" size="sm" c="dimmed" data-testid="kb-found">
        {query && found !== undefined ? t('help.kb.found', { count: found }) : ''}
      </Text>
      {body}
    </Stack>
  );
}
