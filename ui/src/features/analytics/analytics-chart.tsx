import type { ApexOptions } from 'apexcharts';
import Chart from 'react-apexcharts';
import { useTheme } from '../theme/use-theme';

export interface ChartSeries {
  name: string;
  data: number[];
}

/** One ApexCharts chart in the app's look, light or dark with the theme. */
export function AnalyticsChart({
  type,
  categories,
  series,
  height = 260,
  stacked = false,
  horizontal = false,
  label,
}: {
  type: 'area' | 'bar';
  categories: string[];
  series: ChartSeries[];
  height?: number;
  stacked?: boolean;
  horizontal?: boolean;
  label: string;
}) {
  const dark = useTheme().resolved === 'dark';
  const text = dark ? '#94a3b8' : '#64748b';
  // Counts are whole numbers: no fractional ticks. On a long day axis every nth label only.
  const countLabel = (v: number) => (Number.isInteger(v) ? String(v) : '');
  const every = Math.ceil(categories.length / 10);
  const dayLabel = (v: string) => (categories.indexOf(v) % every === 0 ? v : '');
  const options: ApexOptions = {
    chart: {
      type,
      stacked,
      toolbar: { show: false },
      zoom: { enabled: false },
      background: 'transparent',
      fontFamily: 'inherit',
      animations: { enabled: false },
    },
    theme: { mode: dark ? 'dark' : 'light' },
    colors: ['#6366f1', '#10b981', '#f59e0b', '#ef4444', '#0ea5e9'],
    dataLabels: { enabled: false },
    stroke: { curve: 'smooth', width: type === 'area' ? 2 : 0 },
    fill: type === 'area' ? { type: 'gradient', gradient: { opacityFrom: 0.35, opacityTo: 0.02 } } : { opacity: 1 },
    grid: { borderColor: dark ? '#1e293b' : '#e2e8f0', strokeDashArray: 3 },
    // Horizontal bars swap the axes: the categories are then the y labels and the counts the x labels.
    xaxis: horizontal
      ? {
          categories,
          labels: { style: { colors: text }, formatter: (v: string) => countLabel(Number(v)) },
          axisBorder: { show: false },
          axisTicks: { show: false },
        }
      : { categories, labels: { style: { colors: text }, rotate: 0, formatter: dayLabel }, axisBorder: { show: false }, axisTicks: { show: false } },
    yaxis: horizontal ? { labels: { style: { colors: text } } } : { labels: { style: { colors: text }, formatter: countLabel }, min: 0 },
    legend: { labels: { colors: text }, position: 'top', horizontalAlign: 'left' },
    plotOptions: { bar: { horizontal, borderRadius: 3, columnWidth: '60%', barHeight: '60%' } },
    tooltip: { theme: dark ? 'dark' : 'light' },
  };
  return (
    // A figure, not an img: the chart has focusable parts (legend, toolbar), which an img may not contain.
    <div role="figure" aria-label={label}>
      <Chart key={dark ? 'dark' : 'light'} type={type} height={height} options={options} series={series} />
      <ChartTable label={label} categories={categories} series={series} horizontal={horizontal} />
    </div>
  );
}

/**
 * The chart's numbers as a table for screen readers (an SVG chart has none to read): a row per
 * day (or per name, for horizontal bars), a column per series.
 */
function ChartTable({ label, categories, series, horizontal }: { label: string; categories: string[]; series: ChartSeries[]; horizontal: boolean }) {
  // A table keeps its content's width whatever its own is: the 1 px clipped box is a div around it,
  // or the hidden table would widen the page.
  return (
    <div className="sr-only">
      <table>
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{horizontal ? 'Name' : 'Day'}</th>
            {series.map((s) => (
              <th key={s.name} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {categories.map((c, i) => (
            <tr key={`${c}-${i}`}>
              <th scope="row">{c}</th>
              {series.map((s) => (
                <td key={s.name}>{s.data[i] ?? 0}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
