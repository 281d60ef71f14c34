/**
 * Requests per day with uPlot: one bar per UTC day (labelled MM-DD), the errors among them drawn
 * over it in red when there are any. The figure's label reads the days with requests out.
 */
import { useEffect, useRef } from 'react'
import uPlot from 'uplot'

export interface Day {
  day: string
  requests: number
  errors: number
}

export function DailyChart({
  title,
  errorsLabel,
  otherDays,
  days,
}: {
  title: string
  errorsLabel: string
  /** Said after the days with requests: that the rest had none. */
  otherDays: string
  days: Day[]
}) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!ref.current || days.length === 0) return
    const xs = days.map((_, i) => i)
    // About six dates along the axis (every fifth day of thirty), the last day always among them.
    const step = Math.max(1, Math.ceil(days.length / 6))
    const ticks = xs.filter((i) => (days.length - 1 - i) % step === 0)
    const bars = uPlot.paths.bars!({ size: [0.7, 24] })
    const withErrors = days.some((d) => d.errors > 0)
    const plot = new uPlot(
      {
        width: 560,
        height: 220,
        title,
        cursor: { show: false },
        legend: { show: withErrors, live: false },
        scales: {
          x: { time: false, range: () => [-0.5, days.length - 0.5] },
          y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] },
        },
        axes: [
          {
            splits: () => ticks,
            values: (_u, splits) => splits.map((i) => days[i]?.day.slice(5) ?? ''),
            stroke: '#212529',
          },
          { stroke: '#212529' },
        ],
        series: [
          {},
          { label: title, fill: '#1971c2', width: 0, paths: bars, points: { show: false } },
          ...(withErrors
            ? [
                {
                  label: errorsLabel,
                  fill: '#c92a2a',
                  width: 0,
                  paths: bars,
                  points: { show: false },
                },
              ]
            : []),
        ],
      },
      withErrors
        ? [xs, days.map((d) => d.requests), days.map((d) => d.errors)]
        : [xs, days.map((d) => d.requests)],
      ref.current,
    )
    return () => plot.destroy()
  }, [title, errorsLabel, days])
  const busy = days.filter((d) => d.requests > 0)
  const summary = busy.length
    ? `${busy.map((d) => `${d.day}: ${d.requests}${d.errors ? ` (${errorsLabel} ${d.errors})` : ''}`).join(', ')}; ${otherDays}`
    : '0'
  return <div ref={ref} role="img" aria-label={`${title}: ${summary}`} data-testid="daily-chart" />
}
