/**
 * /pages/knowledge-base/:category (spec part 2, D35): one category of the knowledge base and its
 * articles. A category the API does not know is the app's 404 page.
 */
import { Anchor, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { getKbCategoryQueryOptions } from '../api/help-api';
import { HelpIcon } from '../components/help-icon';
import { KbBreadcrumbs } from '../components/kb-breadcrumbs';
import { isMissing, kbArticlePath, useHelpLanguage } from '../lib/help-page';

export function Component() {
  const { t } = useTranslation();
  const lang = useHelpLanguage();
  const { category: slug = '' } = useParams();
  const category = useQuery(getKbCategoryQueryOptions(lang, slug));
  if (isMissing(category.error)) return <Navigate to="/error-404" replace />;

  if (!category.data) {
    return category.error ? <ErrorAlert error={category.error} /> : <Skeleton h={320} radius="md" />;
  }
  const { category: name, title, description, icon, articles } = category.data;
  return (
    <Stack gap="lg">
      <KbBreadcrumbs trail={[{ label: title }]} />
      <Card withBorder padding="xl" component="header">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <HelpIcon name={icon} size="xl" />
          <div>
            <Group gap="sm">
              <Title order={1} fz="h2">
                {title}
              </Title>
              <Badge variant="light" size="lg" data-testid="kb-article-count">
                {t('help.kb.articleCount', { count: articles.length })}
              </Badge>
            </Group>
            <Text c="dimmed" mt={4}>
              {description}
            </Text>
          </div>
        </Group>
      </Card>
      <Stack gap="sm">
        {articles.map((article) => (
          <Card key={article.slug} withBorder padding="lg" data-testid="kb-article-link">
            <Title order={2} fz="h4">
              <Anchor component={Link} to={kbArticlePath(name, article.slug)} inherit>
                {article.title}
              </Anchor>
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {article.summary}
            </Text>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
