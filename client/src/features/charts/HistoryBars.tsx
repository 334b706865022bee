import Chart from 'react-apexcharts/core';
import 'apexcharts/bar';
import 'apexcharts/features/legend';
import type { ApexOptions } from 'apexcharts';
import { formatMonth } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { historySeries, type MonthlyFlowInput } from './chart-data';

/** Deposits and bills paid, month by month. */
export default function HistoryBars({ history }: { history: MonthlyFlowInput[] }) {
  const { months, deposits, bills } = historySeries(history);
  const options: ApexOptions = {
    chart: { type: 'bar', fontFamily: 'inherit', animations: { enabled: false }, toolbar: { show: false } },
    colors: ['#2f855a', '#1d5189'],
    plotOptions: { bar: { columnWidth: '60%' } },
    dataLabels: { enabled: false },
    legend: { position: 'top' },
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
