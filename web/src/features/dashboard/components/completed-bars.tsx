/**
 * The drawing of the tasks completed per week (Mantine charts on recharts): a chunk of its own,
 * loaded by CompletedChart only when there is something to draw, so that the dashboard shows
 * without evaluating recharts first.
 */
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';

export interface Bar {
  week: string;
  count: number;
}

export function CompletedBars({ data, label, height }: { data: Bar[]; label: string; height: number }) {
  return (
    <BarChart
      h={height}
      data={data}
      dataKey="week"
      series={[{ name: 'count', label, color: 'blue.6' }]}
      tickLine="y"
      gridAxis="y"
      withTooltip={false}
      yAxisProps={{ allowDecimals: false, width: 32 }}
      barChartProps={{ accessibilityLayer: false }}
    />
  );
}
