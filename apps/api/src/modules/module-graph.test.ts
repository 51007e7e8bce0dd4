import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES_DIR = path.dirname(new URL(import.meta.url).pathname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Which modules each module's (non-test) sources import, and imports that bypass a module's index. */
function moduleGraph(): { graph: Map<string, Set<string>>; internals: string[] } {
  const modules = readdirSync(MODULES_DIR).filter((name) =>
    statSync(path.join(MODULES_DIR, name)).isDirectory(),
  );
  const graph = new Map(modules.map((name) => [name, new Set<string>()]));
  const internals: string[] = [];
  for (const name of modules) {
    for (const file of sourceFiles(path.join(MODULES_DIR, name))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
        const target = path.relative(MODULES_DIR, path.resolve(path.dirname(file), match[1] ?? ''));
        const other = target.split(path.sep)[0];
        if (!other || other === name || !graph.has(other)) continue;
        graph.get(name)?.add(other);
        if (target !== path.join(other, 'index.js'))
          internals.push(`${path.relative(MODULES_DIR, file)} → ${target}`);
      }
    }
  }
  return { graph, internals };
}

describe('modules', () => {
  it('import each other in one direction only (no circle), and only through their index', () => {
    const { graph, internals } = moduleGraph();
    expect(internals).toEqual([]);
    const visiting = new Set<string>();
    const done = new Set<string>();
    const circles: string[] = [];
    const visit = (name: string, trail: string[]) => {
      if (done.has(name)) return;
      if (visiting.has(name)) {
        circles.push([...trail, name].join(' → '));
        return;
      }
      visiting.add(name);
      for (const next of graph.get(name) ?? []) visit(next, [...trail, name]);
      visiting.delete(name);
      done.add(name);
    };
    for (const name of graph.keys()) visit(name, []);
    expect(circles).toEqual([]);
    expect(graph.get('auth')).toEqual(new Set());
  });
});
