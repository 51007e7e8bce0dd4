import path from 'node:path';
import type { ChunkingContext, CodeSplittingGroup } from 'rolldown';

/** The route table and each module's routes: they name the pages' chunks, so they change with any page. */
const ROUTE_TABLE = /[\\/]src[\\/](?:app[\\/]routes\.tsx|modules[\\/][^\\/]+[\\/][^\\/]+-routes\.tsx)$/;

/** The modules `entries` run at once, following static imports. */
function staticReach(ctx: ChunkingContext, entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  for (let current = queue.pop(); current !== undefined; current = queue.pop()) {
    if (seen.has(current)) continue;
    seen.add(current);
    queue.push(...(ctx.getModuleInfo(current)?.importedIds ?? []));
  }
  return seen;
}

/**
 * What the panel's start-up and its route table run, in one chunk (`panel`), apart from the route
 * table itself. `app/load-panel.ts` fetches the start-up and the route table side by side
 * (docs/architecture.md, "Chunks that survive a deploy"); left to the automatic splitting, what both
 * import became dozens of small shared chunks, each a request of its own. What the dispatcher or the
 * public entry also run (its screens and the downloads the dispatcher starts beside them) stays out:
 * the sign-in screen must not download this chunk.
 */
export function panelChunk(src: string): CodeSplittingGroup {
  let members: Set<string> | undefined;
  return {
    name: (id, ctx) => {
      if (!members) {
        const at = (...files: string[]) => files.map((file) => path.join(src, file));
        const elsewhere = staticReach(
          ctx,
          at('main.tsx', 'public-entry/start-public.tsx', 'public-entry/public-downloads.ts'),
        );
        members = new Set(
          [...staticReach(ctx, at('app/start-panel.tsx', 'app/routes.tsx'))].filter(
            (module) => !elsewhere.has(module) && !ROUTE_TABLE.test(module),
          ),
        );
      }
      return members.has(id) ? 'panel' : null;
    },
    debugName: 'panel',
    // Their dependencies include what the public entry shares with the panel (the token store, the
    // language's storage): pulled in here, they would make the sign-in screen download this chunk.
    includeDependenciesRecursively: false,
  };
}
