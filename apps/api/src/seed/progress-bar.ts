/** Where the bar is drawn: stderr, so stdout stays free for the final summary. */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface ProgressBar {
  update(done: number): void;
  /** Draws the final state and ends the line. */
  finish(done: number): void;
}

const WIDTH = 30;
/** A terminal is redrawn at most this often; faster only burns CPU the inserts could use. */
const REDRAW_MS = 100;

const numberFormat = new Intl.NumberFormat('en-US');

export function formatCount(value: number): string {
  return numberFormat.format(Math.round(value));
}

export function formatDuration(seconds: number): string {
  if (seconds < 10) return `${Math.max(0, seconds).toFixed(1)}s`;
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole}s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes}m ${String(whole % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/**
 * `[#####-----] 42% 420,000/1,000,000 users · 35,000 rows/s · ETA 17s`, redrawn in place on a
 * terminal; to a file or pipe, where `\r` would pile up, one line per tenth of the work instead.
 */
export function createProgressBar(options: {
  total: number;
  unit: string;
  stream: ProgressStream;
  clock?: () => number;
}): ProgressBar {
  const clock = options.clock ?? (() => performance.now());
  const started = clock();
  const tty = options.stream.isTTY === true;
  let lastDraw = Number.NEGATIVE_INFINITY;
  let lastTenth = 0;

  const line = (done: number): string => {
    const share = options.total === 0 ? 1 : Math.min(1, done / options.total);
    const filled = Math.round(share * WIDTH);
    const elapsed = (clock() - started) / 1000;
    const rate = elapsed > 0 ? done / elapsed : 0;
    const eta = rate > 0 ? formatDuration((options.total - done) / rate) : '?';
    return (
      `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${Math.floor(share * 100)}% ` +
      `${formatCount(done)}/${formatCount(options.total)} ${options.unit} · ` +
      `${formatCount(rate)} rows/s · ETA ${eta}`
    );
  };

  return {
    update(done) {
      if (tty) {
        const now = clock();
        if (now - lastDraw < REDRAW_MS) return;
        lastDraw = now;
        options.stream.write(`\r${line(done)}\u001b[K`);
        return;
      }
      const tenth = options.total === 0 ? 10 : Math.floor((done / options.total) * 10);
      if (tenth > lastTenth && tenth < 10) {
        lastTenth = tenth;
        options.stream.write(`${line(done)}\n`);
      }
    },
    finish(done) {
      options.stream.write(tty ? `\r${line(done)}\u001b[K\n` : `${line(done)}\n`);
    },
  };
}
