/** One sample of the Prometheus text exposition format: `name{label="value",…} 1.5`. */
export interface PromSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface PromExposition {
  samples: PromSample[];
  /** `# TYPE` lines: metric family → counter, gauge, histogram… */
  types: Map<string, string>;
  /** The sum of the samples named `name` whose labels include every one of `labels`. */
  value(name: string, labels?: Record<string, string>): number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(?:,|$)/y;

/**
 * A strict reader of the text format (version 0.0.4): every line is a comment, blank, or a sample
 * whose labels and value parse; anything else throws, so a malformed answer fails the test.
 */
export function parsePrometheusText(text: string): PromExposition {
  const samples: PromSample[] = [];
  const types = new Map<string, string>();
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
      if (type) types.set(type[1]!, type[2]!);
      else if (!/^# (HELP \S+ .*|HELP \S+)$/.test(line) && line.startsWith('# TYPE'))
        throw new Error(`line ${index + 1}: bad TYPE: ${line}`);
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`line ${index + 1}: not a sample: ${line}`);
    const labels: Record<string, string> = {};
    const body = match[2] ?? '';
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < body.length) {
      const start = LABEL.lastIndex;
      const label = LABEL.exec(body);
      if (!label || LABEL.lastIndex === start) throw new Error(`line ${index + 1}: bad labels: ${line}`);
      labels[label[1]!] = label[2]!.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    }
    // As Prometheus reads it (Go's ParseFloat): NaN and Inf in any case.
    const raw = match[3]!.toLowerCase();
    const value = /^[+]?inf$/.test(raw) ? Infinity : raw === '-inf' ? -Infinity : Number(raw);
    if (Number.isNaN(value) && raw !== 'nan') throw new Error(`line ${index + 1}: bad value: ${line}`);
    samples.push({ name: match[1]!, labels, value });
  }
  return {
    samples,
    types,
    value(name, labels = {}) {
      return samples
        .filter(
          (sample) =>
            sample.name === name &&
            Object.entries(labels).every(([key, want]) => sample.labels[key] === want),
        )
        .reduce((sum, sample) => sum + sample.value, 0);
    },
  };
}
