import Chart from 'react-apexcharts/core';
import 'apexcharts/area';
import 'apexcharts/features/annotations';
import type { ApexOptions } from 'apexcharts';
import { formatDate } from '../../shared/dates';
import { formatMoney, moneyToNumber } from '../../shared/money';
import { dayTimestamp, forecastSeries, type BalancePointInput, type ForecastMarks } from './chart-data';

interface ForecastChartProps extends ForecastMarks {
  points: BalancePointInput[];
  overdrawLimit: string;
}

/** The balance forecast to the end date, with its lowest point and the first date it would go short marked. */
export default function ForecastChart({
  points,
  lowestPoint,
  firstDateBelowZero,
  firstDateBelowOverdrawLimit,
  overdrawLimit,
}: ForecastChartProps) {
  const lowest = lowestPoint ? moneyToNumber(lowestPoint.balance) : null;
  const limit = moneyToNumber(overdrawLimit);
  const xMarks = [
    ...(firstDateBelowZero
      ? [{ date: firstDateBelowZero, text: `Goes short ${formatDate(firstDateBelowZero)}`, colour: '#c05621' }]
      : []),
    ...(firstDateBelowOverdrawLimit
      ? [
          {
            date: firstDateBelowOverdrawLimit,
            text: `Below overdraw limit ${formatDate(firstDateBelowOverdrawLimit)}`,
            colour: '#c53030',
          },
        ]
      : []),
  ];
  const options: ApexOptions = {
    chart: {
      type: 'area',
      fontFamily: 'inherit',
      animations: { enabled: false },
      toolbar: { show: false },
      zoom: { enabled: false },
    },
    colors: ['#1d5189'],
    dataLabels: { enabled: false },
    stroke: { width: 2, curve: 'stepline' },
    fill: { type: 'solid', opacity: 0.15 },
    xaxis: { type: 'datetime', labels: { datetimeUTC: true, format: 'dd MMM yy' } },
    yaxis: { labels: { formatter: (value: number) => formatMoney(value, { compact: true }) } },
    tooltip: {
      x: { formatter: (value: number) => formatDate(new Date(value).toISOString().slice(0, 10)) },
      y: { formatter: (value: number) => formatMoney(value) },
    },
    annotations: {
      yaxis: [
        { y: 0, borderColor: '#4a5568', strokeDashArray: 0 },
        ...(limit !== null && limit > 0
          ? [
              {
                y: -limit,
                borderColor: '#c53030',
                label: {
                  text: `Overdraw limit ${formatMoney(-limit)}`,
                  style: { color: '#fff', background: '#c53030' },
                },
              },
            ]
          : []),
      ],
      xaxis: xMarks.map((mark) => ({
        x: dayTimestamp(mark.date),
        borderColor: mark.colour,
        label: {
          text: mark.text,
          orientation: 'horizontal',
          textAnchor: 'start',
          style: { color: '#fff', background: mark.colour },
        },
      })),
      points:
        lowestPoint && lowest !== null
          ? [
              {
                x: dayTimestamp(lowestPoint.date),
                y: lowest,
                marker: { size: 6, fillColor: '#c05621', strokeColor: '#fff' },
                label: {
                  text: `Lowest ${formatMoney(lowest)}`,
                  style: { color: '#fff', background: '#c05621' },
                },
              },
            ]
          : [],
    },
  };
  return (
    <Chart
      type="area"
      height={320}
      width="100%"
      series={[{ name: 'Balance', data: forecastSeries(points) }]}
      options={options}
    />
  );
}
