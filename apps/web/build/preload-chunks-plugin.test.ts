import { describe, expect, it } from 'vitest';
import { preloadTags } from './preload-chunks-plugin';

describe('preloadTags', () => {
  const bundle = {
    'assets/index-a1.js': { type: 'chunk', name: 'index', fileName: 'assets/index-a1.js' },
    'assets/react-b2.js': { type: 'chunk', name: 'react', fileName: 'assets/react-b2.js' },
    'assets/react-c3.css': { type: 'asset', name: 'react', fileName: 'assets/react-c3.css' },
  } as const;

  it('links the named chunk (not an asset of the same name) under the base', () => {
    expect(preloadTags(bundle, ['react'], '/panel/')).toEqual([
      {
        tag: 'link',
        attrs: { rel: 'modulepreload', crossorigin: true, href: '/panel/assets/react-b2.js' },
        injectTo: 'head',
      },
    ]);
  });

  it('fails on a name the build has no chunk for', () => {
    expect(() => preloadTags(bundle, ['framework'], '/')).toThrow('no chunk named "framework"');
  });
});
