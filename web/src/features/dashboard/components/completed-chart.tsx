/**
 * The tasks completed per week as bars (Mantine charts on recharts: only this page's chunk carries
 * them), a one-line total, and the same figures as a table for screen readers: the drawing itself
 * is hidden from them.
 */
import type { CompletedWeek } from '@cadence/contract';
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Box, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatWeek } from '../lib/formats';

export function CompletedChart({ weeks }: { weeks: CompletedWeek[] }) {
  const { t, i18n } = useTranslation();
  const data = weeks.map((week) => ({ week: formatWeek(week.weekStart, i18n.language), count: week.count }));
  const total = weeks.reduce((sum, week) => sum + week.count, 0);
  return (
    <>
      <Text size="sm" data-testid="completed-total">
        {t('dashboard.chart.summary', { count: total })}
      </Text>
      <Box aria-hidden data-testid="completed-chart">
        <BarChart
          h={220}
          data={data}
          dataKey="week"
          series={[{ name: 'count', label: t('dashboard.chart.count'), color: 'blue.6' }]}
          tickLine="y"
          gridAxis="y"
          withTooltip={false}
          yAxisProps={{ allowDecimals: false, width: 32 }}
          barChartProps={{ accessibilityLayer: false }}
        />
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
