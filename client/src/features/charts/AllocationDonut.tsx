import Chart from 'react-apexcharts/core';
import 'apexcharts/donut';
import type { ApexOptions } from 'apexcharts';
import { formatMoney } from '../../shared/money';
import { DONUT_SIZE, sliceColours, type DonutData } from './chart-data';

/** The allocation donut (spec 1 §2: 290 by 290). Lives in the lazy chart chunk. */
export default function AllocationDonut({ data }: { data: DonutData }) {
  const options: ApexOptions = {
    chart: { type: 'donut', fontFamily: 'inherit', animations: { enabled: false } },
    labels: data.labels,
    colors: sliceColours(data.series.length),
    legend: { show: false },
    dataLabels: { enabled: false },
    stroke: { width: 1 },
    tooltip: { y: { formatter: (value: number) => formatMoney(value) } },
    plotOptions: {
      pie: {
        donut: {
          size: '62%',
          labels: {
            show: true,
            total: { show: true, label: 'Total', formatter: () => formatMoney(data.total) },
            value: { formatter: (value: string) => formatMoney(Number(value)) },
          },
        },
      },
    },
  };
  return <Chart type="donut" width={DONUT_SIZE} height={DONUT_SIZE} series={data.series} options={options} />;
}
