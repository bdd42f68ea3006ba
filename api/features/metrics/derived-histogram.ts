import type { Metric } from 'prom-client';

interface Series {
  labels: Record<string, string>;
  /** Per bucket, not cumulative: index i counts values up to bounds[i], the last one beyond every bound. */
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * A Prometheus histogram whose observations are counted elsewhere (in SQL, by bucket) and added here
 * a bucket at a time; prom-client's Histogram takes one observation per call. It renders as one:
 * cumulative `_bucket{le}`, `_sum`, `_count` per label set. `collect` runs before each rendering.
 */
export class DerivedHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly bounds: number[],
    private readonly collect: () => Promise<void>,
  ) {}

  add(labels: Record<string, string>, buckets: number[], sum: number, count: number): void {
    if (buckets.length !== this.bounds.length + 1) throw new Error(`${this.name}: ${buckets.length} buckets for ${this.bounds.length} bounds`);
    const key = JSON.stringify(labels);
    const s = this.series.get(key) ?? { labels, buckets: new Array<number>(buckets.length).fill(0), sum: 0, count: 0 };
    buckets.forEach((n, i) => (s.buckets[i]! += n));
    s.sum += sum;
    s.count += count;
    this.series.set(key, s);
  }

  reset(): void {
    this.series.clear();
  }

  async get() {
    await this.collect();
    const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
    for (const s of this.series.values()) {
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += s.buckets[i]!;
        values.push({ metricName: `${this.name}_bucket`, labels: { ...s.labels, le }, value: cumulative });
      });
      cumulative += s.buckets[this.bounds.length]!;
      values.push({ metricName: `${this.name}_bucket`, labels: { ...s.labels, le: '+Inf' }, value: cumulative });
      values.push({ metricName: `${this.name}_sum`, labels: s.labels, value: s.sum });
      values.push({ metricName: `${this.name}_count`, labels: s.labels, value: s.count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  /** The registry takes any object with this shape; its types name only prom-client's own classes. */
  asMetric(): Metric {
    return this as unknown as Metric;
  }
}
