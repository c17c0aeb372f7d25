import { describe, expect, it } from 'vitest';
import {
  CDN_HOSTS,
  type FontRequest,
  findPackage,
  fontHostOf,
  isBareSpecifier,
  majorOf,
  missingLibraryText,
  moduleSubpathOf,
  packageNameOf,
  packageOfSpecifier,
  parseCdnUrl,
  parseGoogleFontsUrl,
  pickFaces,
  styleFileOf,
  versionNote,
} from './cdn';
import type { ShelfManifest, ShelfPackage } from './shelf-manifest';

const entry = (version: string, modules: Record<string, string>, extra: Partial<ShelfPackage> = {}) => ({
  version,
  cdnNames: [],
  modules,
  ...extra,
});

const shelf: ShelfManifest = {
  version: 1,
  packages: {
    react: entry('18.3.1', { '.': 'react.mjs', './jsx-runtime': 'react-jsx-runtime.mjs' }),
    'react-dom': entry('18.3.1', { '.': 'react-dom.mjs', './client': 'react-dom-client.mjs' }),
    'chart.js': entry(
      '4.6.1',
      { '.': 'chart.mjs', './auto': 'chart-auto.mjs' },
      { cdnNames: ['chart.js', 'Chart.js'] },
    ),
    three: entry(
      '0.128.0',
      { '.': 'three.mjs', './examples/jsm/controls/OrbitControls.js': 'three-orbit.mjs' },
      { cdnNames: ['three', 'three.js'] },
    ),
    katex: entry('0.16.9', { '.': 'katex.mjs' }, { styles: { '.': 'katex.css' } }),
    '@/components/ui': entry('0.1.0', { '.': 'ui.mjs', './button': 'ui-button.mjs' }),
  },
};

describe('parseCdnUrl', () => {
  it('reads cdnjs addresses as /ajax/libs/<name>/<version>/<file>, keeping cdnjs’s own spelling', () => {
    expect(parseCdnUrl('https://cdnjs.cloudflare.com/ajax/libs/Chart.js/4.4.1/chart.umd.min.js')).toEqual({
      host: 'cdnjs.cloudflare.com',
      name: 'Chart.js',
      version: '4.4.1',
      path: 'chart.umd.min.js',
    });
    expect(parseCdnUrl('https://cdnjs.cloudflare.com/ajax/libs/three.js/r128/three.min.js')).toEqual({
      host: 'cdnjs.cloudflare.com',
      name: 'three.js',
      version: 'r128',
      path: 'three.min.js',
    });
    expect(parseCdnUrl('https://cdnjs.cloudflare.com/ajax/libs/font-awesome/6.5.1/css/all.min.css')).toEqual({
      host: 'cdnjs.cloudflare.com',
      name: 'font-awesome',
      version: '6.5.1',
      path: 'css/all.min.css',
    });
  });

  it('does not read a cdnjs address outside /ajax/libs/', () => {
    expect(parseCdnUrl('https://cdnjs.cloudflare.com/libraries/chart.js')).toBeUndefined();
    expect(parseCdnUrl('https://cdnjs.cloudflare.com/ajax/libs/')).toBeUndefined();
  });

  it('reads a protocol-relative address as https', () => {
    expect(parseCdnUrl('//cdnjs.cloudflare.com/ajax/libs/lodash.js/4.17.21/lodash.min.js')).toEqual({
      host: 'cdnjs.cloudflare.com',
      name: 'lodash.js',
      version: '4.17.21',
      path: 'lodash.min.js',
    });
  });

  it('reads jsDelivr npm addresses, with or without a version and a path', () => {
    expect(parseCdnUrl('https://cdn.jsdelivr.net/npm/chart.js@4.4.1/dist/chart.umd.min.js')).toEqual({
      host: 'cdn.jsdelivr.net',
      name: 'chart.js',
      version: '4.4.1',
      path: 'dist/chart.umd.min.js',
    });
    expect(parseCdnUrl('https://cdn.jsdelivr.net/npm/chart.js')).toEqual({
      host: 'cdn.jsdelivr.net',
      name: 'chart.js',
      path: '',
    });
    expect(parseCdnUrl('https://fastly.jsdelivr.net/npm/d3@7/+esm')).toEqual({
      host: 'fastly.jsdelivr.net',
      name: 'd3',
      version: '7',
      path: '+esm',
    });
  });

  it('reads a scoped jsDelivr package as two segments', () => {
    expect(parseCdnUrl('https://cdn.jsdelivr.net/npm/@observablehq/plot@0.6/+esm')).toEqual({
      host: 'cdn.jsdelivr.net',
      name: '@observablehq/plot',
      version: '0.6',
      path: '+esm',
    });
    expect(parseCdnUrl('https://cdn.jsdelivr.net/npm/@scope')).toBeUndefined();
  });

  it('reads jsDelivr GitHub addresses as the repository’s name', () => {
    expect(parseCdnUrl('https://cdn.jsdelivr.net/gh/alpinejs/alpine@v2.8.2/dist/alpine.min.js')).toEqual({
      host: 'cdn.jsdelivr.net',
      name: 'alpine',
      version: 'v2.8.2',
      path: 'dist/alpine.min.js',
    });
  });

  it('reads a project’s own jsDelivr folder as that project, with the version that follows it', () => {
    expect(parseCdnUrl('https://cdn.jsdelivr.net/pyodide/v0.25.0/full/pyodide.js')).toEqual({
      host: 'cdn.jsdelivr.net',
      name: 'pyodide',
      version: '0.25.0',
      path: 'full/pyodide.js',
    });
    expect(parseCdnUrl('https://cdn.jsdelivr.net/pyodide/dev/full/pyodide.js')).toEqual({
      host: 'cdn.jsdelivr.net',
      name: 'pyodide',
      path: 'dev/full/pyodide.js',
    });
    expect(parseCdnUrl('https://cdn.jsdelivr.net/')).toBeUndefined();
  });

  it('reads unpkg addresses', () => {
    expect(parseCdnUrl('https://unpkg.com/react@18/umd/react.production.min.js')).toEqual({
      host: 'unpkg.com',
      name: 'react',
      version: '18',
      path: 'umd/react.production.min.js',
    });
    expect(parseCdnUrl('https://unpkg.com/@babel/standalone/babel.min.js')).toEqual({
      host: 'unpkg.com',
      name: '@babel/standalone',
      path: 'babel.min.js',
    });
  });

  it('reads esm.sh addresses past its /v135/ and /stable/ prefixes, * marks and query', () => {
    expect(parseCdnUrl('https://esm.sh/react@18.2.0')).toEqual({
      host: 'esm.sh',
      name: 'react',
      version: '18.2.0',
      path: '',
    });
    expect(parseCdnUrl('https://esm.sh/v135/react-dom@18.2.0/client')).toEqual({
      host: 'esm.sh',
      name: 'react-dom',
      version: '18.2.0',
      path: 'client',
    });
    expect(parseCdnUrl('https://esm.sh/stable/react@18.2.0')).toEqual({
      host: 'esm.sh',
      name: 'react',
      version: '18.2.0',
      path: '',
    });
    expect(parseCdnUrl('https://esm.sh/*react-dom@18/client')).toEqual({
      host: 'esm.sh',
      name: 'react-dom',
      version: '18',
      path: 'client',
    });
    expect(parseCdnUrl('https://esm.sh/react@18?dev')).toEqual({
      host: 'esm.sh',
      name: 'react',
      version: '18',
      path: '',
    });
    expect(parseCdnUrl('https://esm.sh/@mui/material@5.15.0?deps=react@18.2.0')).toEqual({
      host: 'esm.sh',
      name: '@mui/material',
      version: '5.15.0',
      path: '',
    });
  });

  it('reads esm.sh build folders (es2022/…) as the package itself', () => {
    expect(parseCdnUrl('https://esm.sh/v135/react@18.2.0/es2022/react.mjs')).toEqual({
      host: 'esm.sh',
      name: 'react',
      version: '18.2.0',
      path: '',
    });
    expect(parseCdnUrl('https://esm.sh/stable/preact@10.19.3/esnext/preact.mjs')?.path).toBe('');
  });

  it('leaves esm.sh GitHub addresses alone but reads npm packages whose names begin with gh', () => {
    expect(parseCdnUrl('https://esm.sh/gh/microsoft/tslib')).toBeUndefined();
    expect(parseCdnUrl('https://esm.sh/ghost-cursor@1.0.0')).toEqual({
      host: 'esm.sh',
      name: 'ghost-cursor',
      version: '1.0.0',
      path: '',
    });
  });

  it('reads esm.run addresses', () => {
    expect(parseCdnUrl('https://esm.run/@lit/reactive-element@2')).toEqual({
      host: 'esm.run',
      name: '@lit/reactive-element',
      version: '2',
      path: '',
    });
    expect(parseCdnUrl('https://esm.run/canvas-confetti')).toEqual({
      host: 'esm.run',
      name: 'canvas-confetti',
      path: '',
    });
  });

  it('reads both Skypack forms, dropping the build hash from the version', () => {
    expect(parseCdnUrl('https://cdn.skypack.dev/canvas-confetti@1.9.2')).toEqual({
      host: 'cdn.skypack.dev',
      name: 'canvas-confetti',
      version: '1.9.2',
      path: '',
    });
    expect(
      parseCdnUrl(
        'https://cdn.skypack.dev/-/react@v17.0.1-yH0aYV1FOvoIPeKBbHxg/dist=es2019,mode=imports/optimized/react.js',
      ),
    ).toEqual({ host: 'cdn.skypack.dev', name: 'react', version: 'v17.0.1', path: '' });
    expect(
      parseCdnUrl(
        'https://cdn.skypack.dev/-/@scope/pkg@v1.2.3-abcdefghij0123456789/dist=es2020,mode=imports/optimized/pkg.js',
      ),
    ).toEqual({ host: 'cdn.skypack.dev', name: '@scope/pkg', version: 'v1.2.3', path: '' });
  });

  it('reads ga.jspm.io npm: addresses and refuses its other forms', () => {
    expect(parseCdnUrl('https://ga.jspm.io/npm:react@18.2.0/index.js')).toEqual({
      host: 'ga.jspm.io',
      name: 'react',
      version: '18.2.0',
      path: 'index.js',
    });
    expect(parseCdnUrl('https://ga.jspm.io/npm:@babel/runtime@7.23.0/helpers/esm/extends.js')).toEqual({
      host: 'ga.jspm.io',
      name: '@babel/runtime',
      version: '7.23.0',
      path: 'helpers/esm/extends.js',
    });
    expect(parseCdnUrl('https://ga.jspm.io/gh:user/repo@1/x.js')).toBeUndefined();
  });

  it('reads jspm.dev addresses', () => {
    expect(parseCdnUrl('https://jspm.dev/react@17')).toEqual({
      host: 'jspm.dev',
      name: 'react',
      version: '17',
      path: '',
    });
  });

  it('reads the Tailwind CDN as tailwindcss, with the version in its path if any', () => {
    expect(parseCdnUrl('https://cdn.tailwindcss.com')).toEqual({
      host: 'cdn.tailwindcss.com',
      name: 'tailwindcss',
      path: '',
    });
    expect(parseCdnUrl('https://cdn.tailwindcss.com?plugins=forms,typography')).toEqual({
      host: 'cdn.tailwindcss.com',
      name: 'tailwindcss',
      path: '',
    });
    expect(parseCdnUrl('https://cdn.tailwindcss.com/3.4.1')).toEqual({
      host: 'cdn.tailwindcss.com',
      name: 'tailwindcss',
      version: '3.4.1',
      path: '',
    });
  });

  it('reads an address on every CDN host it lists', () => {
    const samples: Record<string, string> = {
      'cdnjs.cloudflare.com': 'https://cdnjs.cloudflare.com/ajax/libs/d3/7.8.5/d3.min.js',
      'cdn.jsdelivr.net': 'https://cdn.jsdelivr.net/npm/d3@7',
      'fastly.jsdelivr.net': 'https://fastly.jsdelivr.net/npm/d3@7',
      'unpkg.com': 'https://unpkg.com/d3@7',
      'esm.sh': 'https://esm.sh/d3@7',
      'esm.run': 'https://esm.run/d3@7',
      'cdn.skypack.dev': 'https://cdn.skypack.dev/d3@7',
      'ga.jspm.io': 'https://ga.jspm.io/npm:d3@7.8.5/src/index.js',
      'jspm.dev': 'https://jspm.dev/d3@7',
      'cdn.tailwindcss.com': 'https://cdn.tailwindcss.com',
      'd3js.org': 'https://d3js.org/d3.v7.min.js',
      'threejs.org': 'https://threejs.org/build/three.module.js',
    };
    expect(Object.keys(samples).sort()).toEqual([...CDN_HOSTS].sort());
    for (const [host, url] of Object.entries(samples)) expect(parseCdnUrl(url)?.host).toBe(host);
  });

  it('reads d3js.org, d3’s own host, by its file names', () => {
    expect(parseCdnUrl('https://d3js.org/d3.v7.min.js')).toEqual({
      host: 'd3js.org',
      name: 'd3',
      version: '7',
      path: '',
    });
    expect(parseCdnUrl('https://d3js.org/d3.v5.js')).toMatchObject({ name: 'd3', version: '5' });
    expect(parseCdnUrl('//d3js.org/d3.min.js')).toEqual({ host: 'd3js.org', name: 'd3', path: '' });
    expect(parseCdnUrl('https://d3js.org/d3-sankey.v0.min.js')).toMatchObject({ name: 'd3-sankey' });
    expect(parseCdnUrl('https://d3js.org/')).toBeUndefined();
    expect(parseCdnUrl('https://d3js.org/us-10m.v1.json')).toBeUndefined();
  });

  it('reads threejs.org builds as three, without a version (the site serves its latest)', () => {
    expect(parseCdnUrl('https://threejs.org/build/three.min.js')).toEqual({
      host: 'threejs.org',
      name: 'three',
      path: 'build/three.min.js',
    });
    expect(parseCdnUrl('https://threejs.org/docs/index.html')).toBeUndefined();
  });

  it('is case-blind about the host and decodes the path', () => {
    expect(parseCdnUrl('https://CDN.JSDELIVR.NET/npm/%40scope/pkg@1/x.js')).toEqual({
      host: 'cdn.jsdelivr.net',
      name: '@scope/pkg',
      version: '1',
      path: 'x.js',
    });
  });

  it('is undefined for other hosts, other schemes and what is not an address', () => {
    for (const url of [
      'https://example.com/npm/react@18',
      'https://code.jquery.com/jquery-3.7.1.min.js',
      'https://fonts.googleapis.com/css2?family=Inter',
      'https://cdn.jsdelivr.net.evil.example/npm/react',
      'ftp://unpkg.com/react',
      'react',
      './chart.js',
      '',
    ])
      expect(parseCdnUrl(url)).toBeUndefined();
  });
});

describe('parseGoogleFontsUrl', () => {
  it('reads css2 families with weights, italics, ranges and other axes', () => {
    expect(
      parseGoogleFontsUrl(
        'https://fonts.googleapis.com/css2?family=Inter:wght@400;700&family=Roboto:ital,wght@0,300;1,700&family=Open+Sans:wght@300..800&family=Material+Symbols+Outlined:opsz,wght,FILL,GRAD@20..48,100..700,0..1,-50..200&display=swap',
      ),
    ).toEqual([
      { family: 'Inter', faces: [n(400), n(700)] },
      { family: 'Roboto', faces: [n(300), { style: 'italic', from: 700, to: 700 }] },
      { family: 'Open Sans', faces: [{ style: 'normal', from: 300, to: 800 }] },
      { family: 'Material Symbols Outlined', faces: [{ style: 'normal', from: 100, to: 700 }] },
    ]);
  });

  it('reads the first API’s families and variants, and a family without faces as regular 400', () => {
    expect(
      parseGoogleFontsUrl('//fonts.googleapis.com/css?family=Open+Sans:400,700italic|Lato:bold'),
    ).toEqual([
      { family: 'Open Sans', faces: [n(400), { style: 'italic', from: 700, to: 700 }] },
      { family: 'Lato', faces: [n(700)] },
    ]);
    expect(parseGoogleFontsUrl('https://fonts.googleapis.com/css2?family=Poppins')).toEqual([
      { family: 'Poppins', faces: [n(400)] },
    ]);
  });

  it('is undefined for other addresses', () => {
    expect(parseGoogleFontsUrl('https://fonts.googleapis.com/icon?family=Material+Icons')).toBeUndefined();
    expect(parseGoogleFontsUrl('https://fonts.bunny.net/css?family=inter')).toBeUndefined();
    expect(parseGoogleFontsUrl('not a url')).toBeUndefined();
  });
});

describe('pickFaces', () => {
  const faces = ['300-normal', '400-italic', '400-normal', '700-normal'];
  it('picks the faces in range, and the nearest weight of the style for one the family lacks', () => {
    expect(pickFaces(faces, [n(400), n(700)])).toEqual(['400-normal', '700-normal']);
    expect(pickFaces(faces, [{ style: 'normal', from: 100, to: 900 }])).toEqual([
      '300-normal',
      '400-normal',
      '700-normal',
    ]);
    expect(pickFaces(faces, [n(600)])).toEqual(['700-normal']);
    expect(pickFaces(['400-normal'], [{ style: 'italic', from: 400, to: 400 }])).toEqual(['400-normal']);
  });
});

function n(weight: number): FontRequest {
  return { style: 'normal', from: weight, to: weight };
}

describe('fontHostOf', () => {
  it('names the web-font host of an address, protocol-relative included', () => {
    expect(fontHostOf('https://fonts.googleapis.com/css2?family=Inter:wght@400;700')).toBe(
      'fonts.googleapis.com',
    );
    expect(fontHostOf('//fonts.gstatic.com/s/inter/v13/x.woff2')).toBe('fonts.gstatic.com');
    expect(fontHostOf('https://cdn.jsdelivr.net/npm/@fontsource/inter')).toBeUndefined();
    expect(fontHostOf('not a url')).toBeUndefined();
  });
});

describe('findPackage', () => {
  it('finds a package by its key or any of its CDN names, in any case', () => {
    expect(findPackage(shelf, 'chart.js')?.key).toBe('chart.js');
    expect(findPackage(shelf, 'Chart.js')?.key).toBe('chart.js');
    expect(findPackage(shelf, 'CHART.JS')?.key).toBe('chart.js');
    expect(findPackage(shelf, 'three.js')?.key).toBe('three');
    expect(findPackage(shelf, 'cesium')).toBeUndefined();
  });
});

describe('packageOfSpecifier', () => {
  it('finds the longest package key a specifier starts with, and the subpath after it', () => {
    expect(packageOfSpecifier(shelf, 'react-dom/client')).toMatchObject({
      hit: { key: 'react-dom' },
      subpath: './client',
    });
    expect(packageOfSpecifier(shelf, 'react')).toMatchObject({ hit: { key: 'react' }, subpath: '.' });
    expect(packageOfSpecifier(shelf, 'react/jsx-runtime')).toMatchObject({
      hit: { key: 'react' },
      subpath: './jsx-runtime',
    });
    expect(packageOfSpecifier(shelf, '@/components/ui/button')).toMatchObject({
      hit: { key: '@/components/ui' },
      subpath: './button',
    });
  });

  it('does not take a package whose name merely begins the specifier', () => {
    expect(packageOfSpecifier(shelf, 'react-color')).toBeUndefined();
    expect(packageOfSpecifier(shelf, 'reactx/y')).toBeUndefined();
  });
});

describe('packageNameOf', () => {
  it('names the npm package of a bare specifier', () => {
    expect(packageNameOf('lodash/fp')).toBe('lodash');
    expect(packageNameOf('react')).toBe('react');
    expect(packageNameOf('@scope/name/x/y')).toBe('@scope/name');
    expect(packageNameOf('@tanstack/react-query')).toBe('@tanstack/react-query');
  });
});

describe('isBareSpecifier', () => {
  it('is true for package names and aliases', () => {
    for (const s of [
      'react',
      'react-dom/client',
      '@scope/pkg',
      '@/components/ui/button',
      'lodash/debounce.js',
    ])
      expect(isBareSpecifier(s)).toBe(true);
  });

  it('is false for relative and absolute paths, URLs and the empty string', () => {
    for (const s of [
      './x.js',
      '../x.js',
      '/x.js',
      'https://esm.sh/react',
      'data:text/javascript,1',
      'blob:null/1',
      'node:fs',
      '',
    ])
      expect(isBareSpecifier(s)).toBe(false);
  });
});

describe('moduleSubpathOf', () => {
  const chart = shelf.packages['chart.js'] as ShelfPackage;
  const reactDom = shelf.packages['react-dom'] as ShelfPackage;
  const three = shelf.packages.three as ShelfPackage;

  it('reads an empty path, +esm and whole-package bundles as the package itself', () => {
    expect(moduleSubpathOf(chart, '')).toBe('.');
    expect(moduleSubpathOf(chart, '+esm')).toBe('.');
    expect(moduleSubpathOf(chart, 'dist/chart.umd.min.js')).toBe('.');
    expect(moduleSubpathOf(chart, 'chart.umd.js')).toBe('.');
    expect(moduleSubpathOf(three, 'build/three.module.js')).toBe('.');
  });

  it('reads a subpath the package has, with or without +esm, a build folder or an extension', () => {
    expect(moduleSubpathOf(reactDom, 'client')).toBe('./client');
    expect(moduleSubpathOf(chart, 'auto/+esm')).toBe('./auto');
    expect(moduleSubpathOf(chart, 'auto/')).toBe('./auto');
    expect(moduleSubpathOf(chart, 'dist/auto.js')).toBe('./auto');
    expect(moduleSubpathOf(three, 'examples/jsm/controls/OrbitControls.js')).toBe(
      './examples/jsm/controls/OrbitControls.js',
    );
    expect(moduleSubpathOf(three, 'examples/jsm/controls/OrbitControls')).toBe(
      './examples/jsm/controls/OrbitControls.js',
    );
  });

  it('is undefined for a subpath the shelf does not have', () => {
    expect(moduleSubpathOf(chart, 'helpers')).toBeUndefined();
    expect(moduleSubpathOf(three, 'examples/jsm/loaders/GLTFLoader.js')).toBeUndefined();
  });
});

describe('styleFileOf', () => {
  it('gives the package’s style file for any CSS path, and nothing for a package without styles', () => {
    const katex = shelf.packages.katex as ShelfPackage;
    expect(styleFileOf(katex, 'dist/katex.min.css')).toBe('katex.css');
    expect(styleFileOf(shelf.packages.react as ShelfPackage, 'index.css')).toBeUndefined();
  });
});

describe('majorOf', () => {
  it('reads the major version of a specifier', () => {
    expect(majorOf('18')).toBe(18);
    expect(majorOf('^18.2.0')).toBe(18);
    expect(majorOf('~4.4.1')).toBe(4);
    expect(majorOf('v17.0.1')).toBe(17);
    expect(majorOf('>=3')).toBe(3);
    expect(majorOf('0.160.0')).toBe(0);
  });

  it('reads three’s r-releases as 0.x', () => {
    expect(majorOf('r128')).toBe(0);
  });

  it('is undefined without a number to read', () => {
    expect(majorOf(undefined)).toBeUndefined();
    expect(majorOf('')).toBeUndefined();
    expect(majorOf('latest')).toBeUndefined();
    expect(majorOf('next')).toBeUndefined();
  });
});

describe('versionNote', () => {
  it('says nothing when the major version asked for is the shelf’s', () => {
    expect(versionNote('chart.js', '4.4.1', '4.6.1')).toBeUndefined();
    expect(versionNote('chart.js', '4', '4.6.1')).toBeUndefined();
    expect(versionNote('react', '^18.2.0', '18.3.1')).toBeUndefined();
    expect(versionNote('three', '0.128.3', '0.128.0')).toBeUndefined();
  });

  it('says nothing when no version, or none it can read, was asked for', () => {
    expect(versionNote('react', undefined, '18.3.1')).toBeUndefined();
    expect(versionNote('react', 'latest', '18.3.1')).toBeUndefined();
  });

  it('names both versions when the major versions differ', () => {
    expect(versionNote('chart.js', '3.9.1', '4.6.1')).toBe(
      "chart.js 3.9.1 was asked for; the preview has chart.js 4.6.1 (previews have no network, so they use Easel's own copy).",
    );
    expect(versionNote('react', '17', '18.3.1')).toBe(
      "react 17 was asked for; the preview has react 18.3.1 (previews have no network, so they use Easel's own copy).",
    );
  });

  it('counts the minor as the major of 0.x versions, three’s r-releases included', () => {
    expect(versionNote('three', 'r128', '0.128.0')).toBeUndefined();
    expect(versionNote('three', 'r150', '0.128.0')).toBe(
      "three r150 was asked for; the preview has three 0.128.0 (previews have no network, so they use Easel's own copy).",
    );
    expect(versionNote('three', '0.160.0', '0.128.0')).toBe(
      "three 0.160.0 was asked for; the preview has three 0.128.0 (previews have no network, so they use Easel's own copy).",
    );
  });
});

describe('missingLibraryText', () => {
  it('names the library twice and says what to do instead', () => {
    expect(missingLibraryText('cesium')).toBe(
      "cesium is not available in the preview: previews have no network, and cesium is not on Easel's library " +
        'shelf. Use a library from the shelf (see the artifacts tool description) or write the code yourself.',
    );
  });
});
