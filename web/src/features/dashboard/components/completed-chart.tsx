/**
 * The tasks completed per week as bars, a one-line total, and the same figures as a table for
 * screen readers: the drawing itself is hidden from them. The bars (Mantine charts on recharts,
 * two fifths of the dashboard's code) load in a chunk of their own once there are weeks to draw:
 * the rest of the dashboard shows first, the drawing's place kept at its height.
 */
import type { CompletedWeek } from '@cadence/contract';
import { Box, Text, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatWeek } from '../lib/formats';

const CHART_HEIGHT = 220;

const CompletedBars = lazy(async () => ({ default: (await import('./completed-bars')).CompletedBars }));

export function CompletedChart({ weeks }: { weeks: CompletedWeek[] }) {
  const { t, i18n } = useTranslation();
  const data = weeks.map((week) => ({ week: formatWeek(week.weekStart, i18n.language), count: week.count }));
  const total = weeks.reduce((sum, week) => sum + week.count, 0);
  return (
    <>
      <Text size="sm" data-testid="completed-total">
        {t('dashboard.chart.summary', { count: total })}
      </Text>
      <Box aria-hidden data-testid="completed-chart" mih={CHART_HEIGHT}>
        <Suspense fallback={null}>
          <CompletedBars data={data} label={t('dashboard.chart.count')} height={CHART_HEIGHT} />
        </Suspense>
      </Box>
      <VisuallyHidden>
        <table>
          <caption>{t('dashboard.chart.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.chart.week')}</th>
              <th scope="col">{t('dashboard.chart.count')}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((row) => (
              <tr key={row.week}>
                <th scope="row">{row.week}</th>
                <td>{row.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </>
  );
}
