/**
 * /pages/knowledge-base/:category/:slug (spec part 2, D35): one article — where it sits, its title,
 * summary and paragraphs (a paragraph of "- " lines is a list), the articles before and after it,
 * and the other articles of its category. An article the API does not know is the 404 page.
 */
import type { KbArticle } from '@cadence/contract';
import { Anchor, Button, Card, Grid, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { getKbArticleQueryOptions, getKbCategoryQueryOptions } from '../api/help-api';
import { KbBreadcrumbs } from '../components/kb-breadcrumbs';
import { isMissing, kbArticlePath, kbCategoryPath, useHelpLanguage } from '../lib/help-page';

/** A paragraph whose every line starts with "- " is a bulleted list; its items without the dash. */
function listItems(paragraph: string): string[] | null {
  const lines = paragraph.split('\n').filter((line) => line.trim() !== '');
  return lines.length > 0 && lines.every((line) => line.startsWith('- '))
    ? lines.map((line) => line.slice(2).trim())
    : null;
}

function ArticleBody({ body }: { body: string[] }) {
  return (
    <Stack gap="md" data-testid="kb-article-body">
      {body.map((paragraph, index) => {
        const items = listItems(paragraph);
        return items ? (
          <List key={index} spacing={6} withPadding>
            {items.map((item, at) => (
              <List.Item key={at}>{item}</List.Item>
            ))}
          </List>
        ) : (
          <Text key={index} component="p" m={0} style={{ whiteSpace: 'pre-line' }}>
            {paragraph}
          </Text>
        );
      })}
    </Stack>
  );
}

/** A link to the article before or after, its direction named above its title. */
function NeighbourLink({
  category,
  neighbour,
  direction,
}: {
  category: string;
  neighbour: { slug: string; title: string };
  direction: 'previous' | 'next';
}) {
  const { t } = useTranslation();
  const previous = direction === 'previous';
  const arrow = previous ? <IconArrowLeft size={18} aria-hidden /> : <IconArrowRight size={18} aria-hidden />;
  return (
    <Button
      component={Link}
      to={kbArticlePath(category, neighbour.slug)}
      variant="default"
      fullWidth
      h="auto"
      py="sm"
      leftSection={previous ? arrow : undefined}
      rightSection={previous ? undefined : arrow}
      justify={previous ? 'flex-start' : 'flex-end'}
      styles={{ label: { whiteSpace: 'normal', textAlign: previous ? 'start' : 'end' } }}
    >
      <span>
        <Text span size="xs" c="dimmed" display="block">
          {t(previous ? 'help.article.previous' : 'help.article.next')}
        </Text>
        {neighbour.title}
      </span>
    </Button>
  );
}

/** The links to the articles before and after this one in its category. */
function Neighbours({ article }: { article: KbArticle }) {
  const { t } = useTranslation();
  const { previous, next, category } = article;
  if (!previous && !next) return null;
  return (
    <nav aria-label={t('help.article.neighbours')}>
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          {previous && <NeighbourLink category={category.slug} neighbour={previous} direction="previous" />}
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          {next && <NeighbourLink category={category.slug} neighbour={next} direction="next" />}
        </Grid.Col>
      </Grid>
    </nav>
  );
}

/** The category's other articles, beside the article. */
function OtherArticles({ lang, category, current }: { lang: string; category: string; current: string }) {
  const { t } = useTranslation();
  const articles = useQuery(getKbCategoryQueryOptions(lang, category));
  const others = articles.data?.articles.filter((article) => article.slug !== current) ?? [];
  if (articles.isPending) return <Skeleton h={160} radius="md" />;
  if (others.length === 0) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="kb-others-title">
      <Title order={2} fz="h5" id="kb-others-title" mb="sm">
        {t('help.article.others')}
      </Title>
      <List spacing={6} size="sm" listStyleType="none">
        {others.map((article) => (
          <List.Item key={article.slug}>
            <Anchor component={Link} to={kbArticlePath(category, article.slug)} size="sm">
              {article.title}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}

export function Component() {
  const lang = useHelpLanguage();
  const { category = '', slug = '' } = useParams();
  const article = useQuery(getKbArticleQueryOptions(lang, category, slug));
  if (isMissing(article.error)) return <Navigate to="/error-404" replace />;

  if (!article.data) {
    return article.error ? <ErrorAlert error={article.error} /> : <Skeleton h={400} radius="md" />;
  }
  const data = article.data;
  return (
    <Stack gap="lg">
      <KbBreadcrumbs
        trail={[
          { label: data.category.title, to: kbCategoryPath(data.category.slug) },
          { label: data.title },
        ]}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder padding="xl" component="article" aria-labelledby="kb-article-title">
            <Stack gap="lg">
              <div>
                <Title order={1} fz="h2" id="kb-article-title">
                  {data.title}
                </Title>
                <Text size="lg" c="dimmed" mt="xs">
                  {data.summary}
                </Text>
              </div>
              <ArticleBody body={data.body} />
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <OtherArticles lang={lang} category={data.category.slug} current={data.slug} />
        </Grid.Col>
      </Grid>
      <Neighbours article={data} />
    </Stack>
  );
}
