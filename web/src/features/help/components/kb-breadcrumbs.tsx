/** Where a knowledge-base page sits: the knowledge base, its category, the page itself (current). */
import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface Crumb {
  label: string;
  to?: string;
}

export function KbBreadcrumbs({ trail }: { trail: Crumb[] }) {
  const { t } = useTranslation();
  const all: Crumb[] = [{ label: t('help.kb.title'), to: '/pages/knowledge-base' }, ...trail];
  return (
    <nav aria-label={t('help.breadcrumbs')}>
      <Breadcrumbs separator="›">
        {all.map((crumb, index) =>
          crumb.to && index < all.length - 1 ? (
            <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm">
              {crumb.label}
            </Anchor>
          ) : (
            <Text key={crumb.label} size="sm" c="dimmed" aria-current="page">
              {crumb.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
