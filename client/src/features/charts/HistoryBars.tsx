import Chart from 'react-apexcharts/core';
import 'apexcharts/bar';
import type { ApexOptions } from 'apexcharts';
import { formatMonth } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { HISTORY_COLOURS, historySeries, type MonthlyFlowInput } from './chart-data';

/** Deposits and bills paid, month by month. */
export default function HistoryBars({ history }: { history: MonthlyFlowInput[] }) {
  const { months, deposits, bills } = historySeries(history);
  const options: ApexOptions = {
    chart: { type: 'bar', fontFamily: 'inherit', animations: { enabled: false }, toolbar: { show: false } },
    colors: [...HISTORY_COLOURS],
    plotOptions: { bar: { columnWidth: '60%' } },
    dataLabels: { enabled: false },
    // The legend is drawn beside the chart (Apex's own legend is focusable inside an aria-hidden picture).
    legend: { show: false },
    xaxis: { categories: months.map(formatMonth) },
    yaxis: { labels: { formatter: (value: number) => formatMoney(value, { compact: true }) } },
    tooltip: { y: { formatter: (value: number) => formatMoney(value) } },
  };
  return (
    <Chart
      type="bar"
      height={300}
      width="100%"
      series={[
        { name: 'Deposits', data: deposits },
        { name: 'Bills', data: bills },
      ]}
      options={options}
    />
  );
}
