import { afterEach, describe, expect, it } from 'vitest';
import { focusPageHeading, focusPageHeadingWhenShown } from './focus-heading';

function page(html: string) {
  document.body.innerHTML = html;
}

describe('focusPageHeading', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it("focuses the page's h1, made focusable by script only", () => {
    page('<nav><a href="/x">menu</a></nav><main><h1>Users</h1></main>');
    expect(focusPageHeading(document)).toBe(true);
    const heading = document.querySelector('h1');
    expect(document.activeElement).toBe(heading);
    expect(heading?.tabIndex).toBe(-1);
  });

  it('moves the focus away from the menu link that was used', () => {
    page('<nav><a id="link" href="/x">menu</a></nav><main><h1>Users</h1></main>');
    document.getElementById('link')?.focus();
    focusPageHeading(document);
    expect(document.activeElement?.tagName).toBe('H1');
  });

  it('leaves the focus on a field the page focused itself', () => {
    page('<main><h1>Sign in</h1><input id="email"></main>');
    document.getElementById('email')?.focus();
    expect(focusPageHeading(document)).toBe(true);
    expect(document.activeElement?.id).toBe('email');
  });

  it('reports a page without its heading yet', () => {
    page('<main><p>Loading…</p></main>');
    expect(focusPageHeading(document)).toBe(false);
  });

  it('waits for a heading that appears later', async () => {
    page('<main id="main"><p>Loading…</p></main>');
    const stop = focusPageHeadingWhenShown(document);
    const heading = document.createElement('h1');
    heading.textContent = 'Countries';
    document.getElementById('main')?.append(heading);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(heading);
    stop();
  });

  it('leaves the focus where the reader moved it while the page was loading', async () => {
    page('<header><button id="profile">Profile</button></header><main id="main"><p>Loading…</p></main>');
    const stop = focusPageHeadingWhenShown(document);
    document.getElementById('profile')?.focus();
    document.getElementById('main')?.append(document.createElement('h1'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement?.id).toBe('profile');
    stop();
  });
});
