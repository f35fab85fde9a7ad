/**
 * The charting library inlined into the HTML report: uPlot (npm `uplot`, MIT), its minified
 * browser build and stylesheet, read from the installed package so the report needs no network.
 * The one URL in the library's licence comment is cut, so the file names no outside address.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface ChartLibrary {
  readonly name: string;
  readonly version: string;
  readonly script: string;
  readonly css: string;
}

let cached: ChartLibrary | undefined;

export function chartLibrary(): ChartLibrary {
  if (cached !== undefined) return cached;
  const require = createRequire(import.meta.url);
  const pkg = JSON.parse(readFileSync(require.resolve('uplot/package.json'), 'utf8')) as { version: string };
  const script = readFileSync(require.resolve('uplot/dist/uPlot.iife.min.js'), 'utf8').replace(
    /https?:\/\/[^\s*)]+/g,
    '(github: leeoniya/uPlot)',
  );
  const css = readFileSync(require.resolve('uplot/dist/uPlot.min.css'), 'utf8');
  cached = { name: 'uPlot', version: pkg.version, script, css };
  return cached;
}
