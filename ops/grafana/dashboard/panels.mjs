/**
 * The dashboard's panel builders: time series, stat, state timeline and bar gauge panels over
 * PromQL queries, all through the `datasource` variable, and the instance and market filters every
 * query carries.
 */
export const DS = { type: 'prometheus', uid: '${datasource}' };

/** Instance and market filters: every makerd series carries `instance`; per-market series `market`. */
export const I = 'instance=~"$instance"';
export const M = 'market=~"$market"';

/**
 * @typedef {{ expr: string, legend?: string, instant?: boolean }} Q
 * @typedef {{ type: string, title: string, description: string, w: number, h: number, targets: Q[], fieldConfig: object, options: object }} P
 */

/** @param {Q[]} qs */
export function targets(qs) {
  return qs.map((q, i) => ({
    refId: String.fromCharCode(65 + i),
    datasource: DS,
    editorMode: 'code',
    expr: q.expr,
    legendFormat: q.legend ?? '__auto',
    range: !q.instant,
    instant: Boolean(q.instant),
  }));
}

const legend = (placement = 'bottom') => ({ showLegend: true, displayMode: 'list', placement, calcs: [] });

/**
 * A time series panel.
 * @param {string} title @param {string} description @param {Q[]} qs
 * @param {{ unit?: string, min?: number, max?: number, w?: number, h?: number, stack?: boolean, thresholds?: { value: number, color: string }[], overrides?: object[] }} [o]
 * @returns {P}
 */
export function timeseries(title, description, qs, o = {}) {
  return {
    type: 'timeseries',
    title,
    description,
    w: o.w ?? 8,
    h: o.h ?? 8,
    targets: qs,
    fieldConfig: {
      defaults: {
        unit: o.unit ?? 'short',
        ...(o.min === undefined ? {} : { min: o.min }),
        ...(o.max === undefined ? {} : { max: o.max }),
        color: { mode: 'palette-classic' },
        thresholds: { mode: 'absolute', steps: [{ color: 'green', value: null }, ...(o.thresholds ?? [])] },
        custom: {
          drawStyle: 'line',
          lineInterpolation: 'linear',
          lineWidth: 1,
          fillOpacity: o.stack ? 30 : 10,
          gradientMode: 'none',
          showPoints: 'never',
          pointSize: 4,
          spanNulls: false,
          stacking: { mode: o.stack ? 'normal' : 'none', group: 'A' },
          axisPlacement: 'auto',
          axisLabel: '',
          scaleDistribution: { type: 'linear' },
          thresholdsStyle: { mode: o.thresholds ? 'line' : 'off' },
        },
      },
      overrides: o.overrides ?? [],
    },
    options: { legend: legend(), tooltip: { mode: 'multi', sort: 'desc' } },
  };
}

/**
 * A stat panel (last value). `mappings` turn 0/1 flags into words.
 * @param {string} title @param {string} description @param {Q[]} qs
 * @param {{ unit?: string, w?: number, h?: number, mappings?: object[], steps?: { value: number | null, color: string }[], textMode?: string, graph?: boolean }} [o]
 * @returns {P}
 */
export function stat(title, description, qs, o = {}) {
  return {
    type: 'stat',
    title,
    description,
    w: o.w ?? 4,
    h: o.h ?? 4,
    targets: qs,
    fieldConfig: {
      defaults: {
        unit: o.unit ?? 'short',
        color: { mode: 'thresholds' },
        mappings: o.mappings ?? [],
        thresholds: { mode: 'absolute', steps: o.steps ?? [{ color: 'green', value: null }] },
      },
      overrides: [],
    },
    options: {
      reduceOptions: { calcs: ['lastNotNull'], fields: '', values: false },
      orientation: 'auto',
      textMode: o.textMode ?? 'auto',
      colorMode: 'background',
      graphMode: o.graph ? 'area' : 'none',
      justifyMode: 'auto',
      wideLayout: true,
      showPercentChange: false,
      percentChangeColorMode: 'standard',
    },
  };
}

/**
 * A state timeline: one lane per series, coloured by value mappings.
 * @param {string} title @param {string} description @param {Q[]} qs @param {object[]} mappings
 * @param {{ w?: number, h?: number, steps?: { value: number | null, color: string }[] }} [o]
 * @returns {P}
 */
export function timeline(title, description, qs, mappings, o = {}) {
  return {
    type: 'state-timeline',
    title,
    description,
    w: o.w ?? 12,
    h: o.h ?? 8,
    targets: qs,
    fieldConfig: {
      defaults: {
        color: { mode: 'thresholds' },
        mappings,
        thresholds: { mode: 'absolute', steps: o.steps ?? [{ color: 'green', value: null }] },
        custom: { fillOpacity: 80, lineWidth: 0 },
      },
      overrides: [],
    },
    options: {
      mergeValues: true,
      showValue: 'auto',
      alignValue: 'left',
      rowHeight: 0.9,
      legend: legend(),
      tooltip: { mode: 'single', sort: 'none' },
    },
  };
}

/**
 * A horizontal bar gauge of the current values.
 * @param {string} title @param {string} description @param {Q[]} qs
 * @param {{ unit?: string, min?: number, max?: number, w?: number, h?: number, steps?: { value: number | null, color: string }[] }} [o]
 * @returns {P}
 */
export function bargauge(title, description, qs, o = {}) {
  return {
    type: 'bargauge',
    title,
    description,
    w: o.w ?? 8,
    h: o.h ?? 8,
    targets: qs,
    fieldConfig: {
      defaults: {
        unit: o.unit ?? 'short',
        ...(o.min === undefined ? {} : { min: o.min }),
        ...(o.max === undefined ? {} : { max: o.max }),
        color: { mode: 'thresholds' },
        thresholds: { mode: 'absolute', steps: o.steps ?? [{ color: 'green', value: null }] },
      },
      overrides: [],
    },
    options: {
      reduceOptions: { calcs: ['lastNotNull'], fields: '', values: false },
      orientation: 'horizontal',
      displayMode: 'gradient',
      valueMode: 'color',
      namePlacement: 'auto',
      showUnfilled: true,
      sizing: 'auto',
      minVizWidth: 8,
      minVizHeight: 16,
      maxVizHeight: 300,
      legend: legend(),
    },
  };
}

/** 0/1 flag as words and colours. */
export const flag = (zero, one, zeroColor, oneColor) => ({
  mappings: [
    {
      type: 'value',
      options: {
        0: { text: zero, color: zeroColor, index: 0 },
        1: { text: one, color: oneColor, index: 1 },
      },
    },
  ],
  steps: [
    { color: zeroColor, value: null },
    { color: oneColor, value: 1 },
  ],
});

export const RED = 'red';
export const GREEN = 'green';
export const ORANGE = 'orange';
