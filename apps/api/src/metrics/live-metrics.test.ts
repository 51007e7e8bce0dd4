import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import client from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { PermissionSet } from '../access/permission-set.js';
import { createEventStream, MAX_BUFFERED_BYTES } from '../live/event-stream.js';
import { openLiveStream } from '../live/live-stream.test-support.js';
import { adminHeaders, createUser } from '../test/factories.js';
import { parsePrometheusText } from '../test/prom-text.js';
import { METRICS_TOKEN, scrapeMetrics } from '../test/scrape-metrics.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-database.js';
import { exposition, registry } from './metrics.js';

const OPEN = 'pult_live_event_streams_open';
const SENT = 'pult_live_events_sent_total';
const DROPPED = 'pult_live_slow_streams_dropped_total';

// The live figures once went to prom-client's global registry, which nothing serves: these tests read
// them from the /metrics answer itself, not from the registry object.
describe.each(testDatabaseKinds())('live stream metrics in /metrics (%s)', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('counts an open stream and the changes written to it, and the stream closing', async () => {
    t = await createTestApp(kind, { METRICS_TOKEN });
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const root = await adminHeaders(t);
    const before = await scrapeMetrics(t);
    expect(before.types.get(OPEN)).toBe('gauge');
    expect(before.types.get(SENT)).toBe('counter');
    expect(before.types.get(DROPPED)).toBe('counter');

    const client = await openLiveStream(baseUrl, root.authorization);
    try {
      expect(client.response.status).toBe(200);
      expect((await scrapeMetrics(t)).value(OPEN) - before.value(OPEN)).toBe(1);
      const { user } = await createUser(t.db);
      await client.until((frames) => frames.some((frame) => frame.change?.id === String(user.id)));
      expect((await scrapeMetrics(t)).value(SENT) - before.value(SENT)).toBeGreaterThanOrEqual(1);
    } finally {
      client.close();
    }
    await expect.poll(async () => (await scrapeMetrics(t!)).value(OPEN)).toBe(before.value(OPEN));
  });
});

/** A response whose socket buffer is already past the limit: the client stopped reading. */
function stalledResponse(): ServerResponse {
  return Object.assign(new EventEmitter(), {
    writableLength: MAX_BUFFERED_BYTES + 1,
    destroyed: false,
    write: () => true,
    end() {},
    destroy() {
      this.destroyed = true;
    },
  }) as unknown as ServerResponse;
}

describe('live slow stream metric', () => {
  it('counts a stream dropped because its client did not read, in the served registry', async () => {
    const read = async () => parsePrometheusText((await exposition()).body);
    const before = await read();
    const stream = createEventStream({
      raw: stalledResponse(),
      reader: { adminId: 1, permissions: new PermissionSet([], []) },
      heartbeatMs: 60_000,
      endsAt: Date.now() + 60_000,
      now: Date.now,
    });
    stream.ready();
    expect(stream.closed).toBe(true);
    const after = await read();
    expect(after.value(DROPPED) - before.value(DROPPED)).toBe(1);
    expect(after.value(OPEN)).toBe(before.value(OPEN));
  });
});

describe('the metrics registry', () => {
  // A metric created without `registers: [registry]` lands in prom-client's global registry, which
  // no route serves: that is how the live figures went missing.
  it("holds every pult_ metric; prom-client's global registry holds none", () => {
    const global = client.register.getMetricsAsArray().map((metric) => metric.name);
    expect(global.filter((name) => name.startsWith('pult_'))).toEqual([]);
    expect(registry.getSingleMetric(OPEN)).toBeDefined();
  });
});
