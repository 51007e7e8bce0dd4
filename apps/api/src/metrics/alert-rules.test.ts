import { readFile } from 'node:fs/promises';
import { parser } from '@prometheus-io/lezer-promql';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { registry, startDefaultMetrics } from './metrics.js';

const RULES = new URL('../../../../deploy/prometheus/pult-alerts.yml', import.meta.url);

/** The keys `promtool check rules` accepts; any other is an error there (Prometheus's rulefmt). */
const GROUP_KEYS = new Set(['name', 'interval', 'rules', 'limit', 'query_offset', 'labels']);
const RULE_KEYS = new Set(['alert', 'expr', 'for', 'keep_firing_for', 'labels', 'annotations', 'record']);

/**
 * An expression as Prometheus's own grammar (the UI's lezer parser) reads it: the syntax errors, and
 * the metric names its selectors name. A syntax error names no metric reliably, so names come only
 * from a clean parse.
 */
function readPromql(expr: string): { errors: string[]; names: string[] } {
  const errors: string[] = [];
  const names = new Set<string>();
  parser.parse(expr).iterate({
    enter(node) {
      if (node.type.isError)
        errors.push(`syntax error at ${node.from}: "${expr.slice(node.from, node.from + 20)}"`);
      // A selector's metric name is its Identifier child (`{__name__=…}` selectors are not used here).
      if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector')
        names.add(expr.slice(node.from, node.to));
      if (node.name === 'FunctionCall') errors.push(...rangeArgumentErrors(node.node, expr));
    },
  });
  return errors.length > 0 ? { errors, names: [] } : { errors, names: [...names] };
}

/** A node of the parse tree (lezer's SyntaxNode, named without depending on @lezer/common). */
type SyntaxNode = ReturnType<typeof parser.parse>['topNode'];

/** Functions over a range vector: promtool refuses one given an instant vector (the grammar does not). */
const RANGE_FUNCTIONS =
  /^(rate|irate|increase|delta|idelta|deriv|changes|resets|predict_linear|\w+_over_time)$/;
/** What a range vector parses as: `x[5m]` (also under `offset` or brackets), a subquery. */
const RANGE_NODES = new Set(['MatrixSelector', 'SubqueryExpr']);

/** The one value-type check worth having here: `rate(x)` instead of `rate(x[5m])` parses but never loads. */
function rangeArgumentErrors(call: SyntaxNode, expr: string): string[] {
  const identifier = call.getChild('FunctionIdentifier');
  const name = identifier ? expr.slice(identifier.from, identifier.to) : '';
  if (!RANGE_FUNCTIONS.test(name)) return [];
  // Brackets are not nodes: the body's first child is the first argument.
  let argument = call.getChild('FunctionCallBody')?.firstChild ?? null;
  while (argument?.name === 'OffsetExpr' || argument?.name === 'ParenExpr') argument = argument.firstChild;
  return argument && RANGE_NODES.has(argument.name)
    ? []
    : [`${name}() at ${call.from} needs a range vector (a selector with [duration])`];
}

/** What promtool would refuse in a rules document: unknown keys, missing or malformed fields, bad PromQL. */
function ruleProblems(document: unknown, exported: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const groups = (document as { groups?: unknown } | null)?.groups;
  if (!Array.isArray(groups)) return ['no `groups` list'];
  for (const [index, group] of groups.entries()) {
    const where = `group ${index}`;
    problems.push(...unknownKeys(group, GROUP_KEYS, where));
    if (typeof group?.name !== 'string' || group.name === '') problems.push(`${where}: no name`);
    if (!Array.isArray(group?.rules)) {
      problems.push(`${where}: no rules list`);
      continue;
    }
    for (const rule of group.rules as Array<Record<string, unknown>>)
      problems.push(...ruleProblemsOf(rule, `${where}, ${String(rule?.alert ?? rule?.record)}`, exported));
  }
  return problems;
}

function unknownKeys(value: unknown, allowed: ReadonlySet<string>, where: string): string[] {
  if (typeof value !== 'object' || value === null) return [`${where}: not a mapping`];
  return Object.keys(value)
    .filter((key) => !allowed.has(key))
    .map((key) => `${where}: unknown key "${key}"`);
}

function ruleProblemsOf(
  rule: Record<string, unknown>,
  where: string,
  exported: ReadonlySet<string>,
): string[] {
  const problems = unknownKeys(rule, RULE_KEYS, where);
  if (typeof rule !== 'object' || rule === null) return problems;
  if ((rule.alert === undefined) === (rule.record === undefined))
    problems.push(`${where}: one of alert or record`);
  if (typeof rule.alert === 'string' && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(rule.alert))
    problems.push(`${where}: bad alert name`);
  for (const key of ['for', 'keep_firing_for'] as const)
    if (rule[key] !== undefined && !/^(\d+(ms|[smhdwy]))+$/.test(String(rule[key])))
      problems.push(`${where}: bad ${key} duration`);
  if (typeof rule.expr !== 'string' || rule.expr.trim() === '') return [...problems, `${where}: no expr`];
  const { errors, names } = readPromql(rule.expr);
  problems.push(...errors.map((error) => `${where}: ${error}`));
  if (errors.length === 0 && names.length === 0) problems.push(`${where}: names no metric`);
  for (const name of names) if (!exported.has(name)) problems.push(`${where}: ${name} is not exported`);
  return problems;
}

async function exportedNames(): Promise<Set<string>> {
  startDefaultMetrics();
  // `up` is Prometheus's own (one per target), not the server's.
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
  it('is a rules file promtool accepts, whose expressions name only metrics the server exports', async () => {
    const document = parse(await readFile(RULES, 'utf8')) as {
      groups: Array<{ rules: Array<Record<string, unknown>> }>;
    };
    expect(ruleProblems(document, await exportedNames())).toEqual([]);
    const alerts = document.groups.flatMap((group) => group.rules.map((rule) => rule.alert));
    expect(new Set(alerts).size).toBe(alerts.length);
    for (const rule of document.groups.flatMap((group) => group.rules)) {
      expect(rule.labels, String(rule.alert)).toMatchObject({
        severity: expect.stringMatching(/^(warning|critical)$/),
      });
      expect(rule.annotations, String(rule.alert)).toMatchObject({ summary: expect.any(String) });
    }
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
});

describe('the rules checker', () => {
  const exported = new Set(['pult_a_total', 'pult_b', 'up']);
  const rulesWith = (rule: Record<string, unknown>, group: Record<string, unknown> = {}) => ({
    groups: [{ name: 'g', rules: [rule], ...group }],
  });

  it('finds the metric names of an expression from its parse tree', () => {
    expect(
      readPromql(
        'sum by (channel) (rate(pult_a_total{outcome=~"x|y"}[15m])) / sum(rate(pult_b[5m] offset 1d)) > 0.2',
      ),
    ).toEqual({ errors: [], names: ['pult_a_total', 'pult_b'] });
    expect(readPromql('sum(up{job="pult"}) == 0 or absent(up{job="pult"})').names).toEqual(['up']);
    expect(
      readPromql('max_over_time(rate(pult_b[5m])[1h:1m]) + increase((pult_a_total[1h]))').errors,
    ).toEqual([]);
  });

  it('refuses an expression that is not PromQL', () => {
    for (const expr of [
      'sum(rate(pult_b[5m]) >',
      'pult_b{job="x"',
      'sum(pult_b) pult_a_total',
      'rate(pult_b[5m)',
      'rate(pult_b)',
      'max_over_time(pult_b offset 1d)',
    ])
      expect(readPromql(expr).errors, expr).not.toEqual([]);
    expect(ruleProblems(rulesWith({ alert: 'A', expr: 'sum(pult_b' }), exported)).toEqual([
      expect.stringMatching(/^group 0, A: syntax error/),
    ]);
  });

  it('refuses keys promtool does not know, in a rule or a group', () => {
    expect(ruleProblems(rulesWith({ alert: 'A', expr: 'pult_b > 1', severity: 'x' }), exported)).toEqual([
      'group 0, A: unknown key "severity"',
    ]);
    expect(
      ruleProblems(rulesWith({ alert: 'A', expr: 'pult_b > 1' }, { evaluation: '1m' }), exported),
    ).toEqual(['group 0: unknown key "evaluation"']);
    expect(
      ruleProblems(
        rulesWith(
          { alert: 'A', expr: 'pult_b > 1', for: '5m', keep_firing_for: '1m', labels: {}, annotations: {} },
          {
            interval: '1m',
            limit: 0,
            query_offset: '1m',
            labels: {},
          },
        ),
        exported,
      ),
    ).toEqual([]);
  });

  it('refuses a metric the server does not export, a bad duration, a rule neither alert nor record', () => {
    expect(ruleProblems(rulesWith({ alert: 'A', expr: 'pult_gone > 1' }), exported)).toEqual([
      'group 0, A: pult_gone is not exported',
    ]);
    expect(ruleProblems(rulesWith({ alert: 'A', expr: 'pult_b > 1', for: '5 min' }), exported)).toEqual([
      'group 0, A: bad for duration',
    ]);
    expect(ruleProblems(rulesWith({ expr: 'pult_b > 1' }), exported)).toEqual([
      'group 0, undefined: one of alert or record',
    ]);
  });
});
