import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { registry, startDefaultMetrics } from './metrics.js';

const RULES = new URL('../../../../deploy/prometheus/pult-alerts.yml', import.meta.url);

interface Rule {
  alert?: unknown;
  expr?: unknown;
  for?: unknown;
  labels?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

/** PromQL words that are not metric names: keywords, and the functions and aggregations used with `(`. */
const KEYWORDS = new Set([
  'and',
  'or',
  'unless',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'offset',
  'bool',
]);

/** The metric names an expression selects: identifiers outside label matchers, strings and ranges, not called. */
function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b\d[\d.e+]*(?:ms|[smhdwy])?\b/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = new Set<string>();
  for (const match of bare.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)(\s*\()?/g)) {
    const [, word, call] = match;
    if (call || KEYWORDS.has(word!)) continue;
    names.add(word!);
  }
  return [...names];
}

async function exportedNames(): Promise<Set<string>> {
  startDefaultMetrics();
  const names = new Set<string>(['up']);
  for (const metric of await registry.getMetricsAsJSON()) {
    names.add(metric.name);
    if (String(metric.type) === 'histogram')
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(metric.name + suffix);
    if (String(metric.type) === 'summary')
      for (const suffix of ['_sum', '_count']) names.add(metric.name + suffix);
  }
  return names;
}

describe('deploy/prometheus/pult-alerts.yml', () => {
  it('is a rules file Prometheus loads, whose expressions name only metrics the server exports', async () => {
    const document = parse(await readFile(RULES, 'utf8')) as { groups?: unknown };
    expect(Array.isArray(document.groups)).toBe(true);
    const groups = document.groups as Array<{ name?: unknown; rules?: unknown }>;
    const exported = await exportedNames();
    const alerts: string[] = [];
    for (const group of groups) {
      expect(typeof group.name).toBe('string');
      expect(Array.isArray(group.rules)).toBe(true);
      for (const rule of group.rules as Rule[]) {
        expect(typeof rule.alert, JSON.stringify(rule)).toBe('string');
        expect(rule.alert).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
        expect(typeof rule.expr).toBe('string');
        if (rule.for !== undefined) expect(rule.for).toMatch(/^\d+[smhdwy]$/);
        expect(rule.labels?.severity).toMatch(/^(warning|critical)$/);
        expect(typeof rule.annotations?.summary).toBe('string');
        const names = metricNamesIn(rule.expr as string);
        expect(names.length, `${rule.alert} names no metric`).toBeGreaterThan(0);
        for (const name of names) expect(exported, `${rule.alert}: ${name}`).toContain(name);
        alerts.push(rule.alert as string);
      }
    }
    expect(new Set(alerts).size).toBe(alerts.length);
    expect(alerts).toEqual(
      expect.arrayContaining([
        'PultNoReadyProcess',
        'PultEmailQueueBacklog',
        'PultDeliveryFailureRatio',
        'PultHttp5xxRatio',
        'PultSigninFailureSpike',
      ]),
    );
  });

  it('finds the metric names of an expression', () => {
    expect(
      metricNamesIn(
        'sum by (channel) (rate(pult_a_total{outcome=~"x|y"}[15m])) / sum(rate(pult_b[5m] offset 1d)) > 0.2',
      ),
    ).toEqual(['pult_a_total', 'pult_b']);
    expect(metricNamesIn('sum(up{job="pult"}) == 0 or absent(up{job="pult"})')).toEqual(['up']);
  });
});
