/**
 * Prometheus metrics (prom-client) of one app instance, on a registry of its own (several apps
 * share a process in tests). Off unless METRICS_TOKEN or METRICS_LISTEN is set: then nothing is
 * registered and requests pay nothing.
 *
 * What is exported holds counts only, never a tenant id, name or any row's content: a request is
 * labelled by its route pattern (`/tickets/:id`), never by its URL.
 */
import { collectDefaultMetrics, Counter, Gauge, Registry, type Metric } from 'prom-client';

export type Labels = Record<string, string>;
/** One sample of a gauge read at scrape time. */
export type Sample = [labels: Labels, value: number];

export interface GaugeSpec {
  /** Prometheus name, `prosa_` prefixed by convention. */
  name: string;
  help: string;
  labelNames?: string[];
  /** Read at each scrape; the samples replace the previous ones (a label set not answered is gone). */
  read(): Sample[] | Promise<Sample[]>;
}

export interface Metrics {
  readonly enabled: boolean;
  /**
   * A gauge read at scrape time, registered by whoever owns the figure (the platform for its pool
   * and sockets; a channel or module for its own state) at boot. A no-op when metrics are off.
   */
  addGauge(spec: GaugeSpec): void;
  /** One finished request: its route pattern (undefined when no route matched) and status. */
  observeRequest(method: string, route: string | undefined, status: number, ms: number): void;
  /** The exposition text and its content type. */
  render(): Promise<{ contentType: string; body: string }>;
}

/** A gauge not read in this time is left out of the scrape (Prometheus's default timeout is 10 s). */
const READ_TIMEOUT_MS = 3000;

/** Seconds: from a cached GET to a slow export. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(enabled: boolean): Metrics {
  if (!enabled) {
    return {
      enabled: false,
      addGauge: () => undefined,
      observeRequest: () => undefined,
      render: () => Promise.reject(new Error('metrics are off')),
    };
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Its _count is the request counter: one observe per request, no second metric to update.
  const requests = new RequestHistogram(
    'prosa_http_request_duration_seconds',
    'HTTP requests by method, route pattern and status code: latency (buckets) and count (_count).',
  );
  registry.registerMetric(requests as unknown as Metric);
  const readErrors = new Counter({
    name: 'prosa_metrics_read_errors_total',
    help: 'Gauges that could not be read at a scrape (their samples are left out of it), by gauge.',
    labelNames: ['gauge'],
    registers: [registry],
  });
  /** The reads of the gauges, run at each scrape before the text is written. */
  const refreshers: (() => Promise<void>)[] = [];
  return {
    enabled: true,
    addGauge(spec) {
      const gauge = new Gauge({ name: spec.name, help: spec.help, labelNames: spec.labelNames ?? [], registers: [registry] });
      refreshers.push(async () => {
        // One figure that cannot be read (the database away) does not take the others with it,
        // nor does a read that hangs hold the scrape past Prometheus's own timeout.
        let timer: NodeJS.Timeout | undefined;
        try {
          const samples = await Promise.race([
            spec.read(),
            new Promise<never>((_, reject) => {
              timer = setTimeout(() => reject(new Error('gauge read timed out')), READ_TIMEOUT_MS);
            }),
          ]);
          gauge.reset();
          for (const [labels, value] of samples) gauge.set(labels, value);
        } catch {
          gauge.reset();
          readErrors.inc({ gauge: spec.name });
        } finally {
          clearTimeout(timer);
        }
      });
    },
    observeRequest(method, route, status, ms) {
      requests.observe(method, route, status, ms / 1000);
    },
    async render() {
      // Every gauge is read first, so a read error is counted in the same scrape.
      await Promise.all(refreshers.map((refresh) => refresh()));
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

interface Series {
  labels: Labels;
  /** Observations per bucket (not cumulative); the last one is above every bound (+Inf). */
  counts: number[];
  sum: number;
}

/**
 * The request histogram, kept by hand: prom-client's Histogram validates and hashes the label
 * object on every observe (about 3 µs here); this finds the series by one string key and adds to
 * one bucket, and is turned into prom-client's exposition shape only when scraped.
 */
class RequestHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series: Series[] = [];
  /** Route, then method, then status: lookups by strings whose hash V8 keeps (no key built per call). */
  private readonly byRoute = new Map<string | undefined, Map<string, Map<number, Series>>>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  observe(method: string, route: string | undefined, status: number, seconds: number): void {
    let byMethod = this.byRoute.get(route);
    if (!byMethod) this.byRoute.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let s = byStatus.get(status);
    if (!s) {
      // Unmatched URLs (404s of scanners) share one label: raw paths would grow without bound.
      s = { labels: { method, route: route ?? '(unmatched)', status_code: String(status) }, counts: LATENCY_BUCKETS.map(() => 0).concat(0), sum: 0 };
      byStatus.set(status, s);
      this.series.push(s);
    }
    let i = 0;
    while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]!) i++;
    s.counts[i]! += 1;
    s.sum += seconds;
  }

  get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
    for (const { labels, counts, sum } of this.series) {
      let acc = 0;
      LATENCY_BUCKETS.forEach((le, i) => {
        acc += counts[i]!;
        values.push({ labels: { ...labels, le }, value: acc, metricName: `${this.name}_bucket` });
      });
      acc += counts[LATENCY_BUCKETS.length]!;
      values.push({ labels: { ...labels, le: '+Inf' }, value: acc, metricName: `${this.name}_bucket` });
      values.push({ labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: acc, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {
    this.series.length = 0;
    this.byRoute.clear();
  }
}
