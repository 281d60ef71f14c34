/** A bar chart of counts per category with uPlot; the figure's label reads the numbers out. */
import { useEffect, useRef } from 'react'
import uPlot from 'uplot'

export function BarChart({ title, labels, counts }: { title: string; labels: string[]; counts: number[] }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!ref.current || labels.length === 0) return
    const bars = uPlot.paths.bars!({ size: [0.6, 80] })
    const plot = new uPlot(
      {
        width: Math.min(560, Math.max(280, labels.length * 90)),
        height: 220,
        title,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          x: { time: false, range: () => [-0.5, labels.length - 0.5] },
          y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] },
        },
        axes: [
          {
            splits: () => labels.map((_, i) => i),
            values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
            stroke: '#212529',
          },
          { stroke: '#212529' },
        ],
        series: [
          {},
          { label: title, fill: '#1971c2', stroke: '#1864ab', paths: bars, points: { show: false } },
        ],
      },
      [labels.map((_, i) => i), counts],
      ref.current,
    )
    return () => plot.destroy()
  }, [title, labels, counts])
  const summary = labels.map((l, i) => `${l}: ${counts[i]}`).join(', ')
  return <div ref={ref} role="img" aria-label={`${title}: ${summary}`} data-testid="chart" />
}
