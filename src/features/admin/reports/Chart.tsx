import { useEffect, useRef, useState } from 'react';

// A chart of the reports, drawn by Chart.js. The library is imported here dynamically, so it is a
// chunk of its own that only the back office's report views load (the storefront never does; see
// scripts/vite-first-load.ts). The canvas is an image with a summary for screen readers; the table
// beside every chart holds the same figures.

interface ChartSeries {
  label: string;
  data: number[];
  /** Drawn on the right-hand axis (e.g. orders beside revenue). */
  right?: boolean;
  type?: 'bar' | 'line';
}

interface Props {
  labels: string[];
  series: ChartSeries[];
  /** What the chart shows, read out instead of the picture. */
  summary: string;
  kind?: 'bar' | 'line';
  height?: number;
  /** Turns the value of the left axis into text (money). */
  formatLeft?: (n: number) => string;
  horizontal?: boolean;
}

type ChartModule = typeof import('./chart-setup');
let loading: Promise<ChartModule> | null = null;
/** Chart.js, fetched once; a page that will draw a chart asks for it before its figures arrive. */
export function preloadChart(): Promise<ChartModule> {
  loading ??= import('./chart-setup').catch((err: unknown) => {
    // A failed download is tried again by the next chart.
    loading = null;
    throw err;
  });
  return loading;
}

const COLORS = ['#059669', '#0284c7', '#d97706', '#7c3aed'];

export function ReportChart({ labels, series, summary, kind = 'bar', height = 260, formatLeft, horizontal }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let chart: { destroy(): void } | null = null;
    let cancelled = false;
    preloadChart()
      .then(({ Chart }) => {
        if (cancelled || !canvas.current) return;
        const narrow = (canvas.current.parentElement?.clientWidth ?? 800) < 500;
        const hasRight = series.some((s) => s.right);
        chart = new Chart(canvas.current, {
          type: kind,
          data: {
            labels,
            datasets: series.map((s, i) => ({
              label: s.label,
              data: s.data,
              type: s.type ?? kind,
              backgroundColor: s.type === 'line' ? COLORS[i % COLORS.length] : `${COLORS[i % COLORS.length]}cc`,
              borderColor: COLORS[i % COLORS.length],
              borderWidth: s.type === 'line' || kind === 'line' ? 2 : 0,
              pointRadius: narrow ? 0 : 2,
              yAxisID: horizontal ? undefined : s.right ? 'right' : 'left',
              tension: 0.25,
            })),
          },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            indexAxis: horizontal ? 'y' : 'x',
            interaction: { mode: 'index', intersect: false },
            plugins: { legend: { display: series.length > 1, position: 'bottom', labels: { boxWidth: 12 } } },
            scales: horizontal
              ? { x: { beginAtZero: true, ticks: { maxTicksLimit: narrow ? 4 : 8, callback: (v) => (formatLeft ? formatLeft(Number(v)) : String(v)) } }, y: {
                    ticks: {
                      autoSkip: false,
                      font: { size: narrow ? 10 : 12 },
                      // Long names (SKUs) keep their distinctive end on a phone instead of being cut off at the edge.
                      callback(v) {
                        const text = String(this.getLabelForValue(Number(v)));
                        const max = narrow ? 16 : 32;
                        return text.length > max ? `…${text.slice(-(max - 1))}` : text;
                      },
                    },
                  },
                }
              : {
                  x: { ticks: { maxTicksLimit: narrow ? 4 : 10, maxRotation: 0, autoSkip: true }, grid: { display: false } },
                  left: { position: 'left', beginAtZero: true, ticks: { maxTicksLimit: narrow ? 4 : 6, callback: (v) => (formatLeft ? formatLeft(Number(v)) : String(v)) } },
                  ...(hasRight ? { right: { position: 'right' as const, beginAtZero: true, grid: { display: false }, ticks: { maxTicksLimit: narrow ? 4 : 6, precision: 0 } } } : {}),
                },
          },
        });
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [labels, series, kind, formatLeft, horizontal]);
  if (failed) return <p className="text-sm text-slate-500">The chart could not be loaded; the table below has the same figures.</p>;
  return (
    <div className="relative w-full min-w-0" style={{ height }}>
      <canvas ref={canvas} role="img" aria-label={summary} data-testid="report-chart" />
    </div>
  );
}
