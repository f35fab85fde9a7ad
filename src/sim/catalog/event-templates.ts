/**
 * Title templates: what an event of each category asks, and the question of each of its markets.
 * A one-market event asks one yes/no (or two-sided) question; a multi-market event lists mutually
 * exclusive candidates (the neg-risk shape), one market each.
 */
import type { SimRng } from '../rng.js';
import type { Category } from './catalog-model.js';
import * as W from './catalog-words.js';

export interface MarketDraft {
  readonly question: string;
  readonly description: string;
  readonly outcomes: readonly [string, string];
}

export interface EventDraft {
  readonly title: string;
  readonly description: string;
  readonly resolutionSource: string;
  readonly markets: readonly MarketDraft[];
}

const YES_NO: readonly [string, string] = ['Yes', 'No'];

interface Template {
  /** Title of a one-market event and the outcomes of its market. */
  single(rng: SimRng, year: number): { title: string; outcomes?: readonly [string, string] };
  /** Title of a multi-market event, the candidate list and the question per candidate. */
  multi(rng: SimRng, year: number): { title: string; candidates: readonly string[]; question(c: string): string };
  source: string;
}

const person = (rng: SimRng): string => `${rng.pick(W.FIRST_NAMES)} ${rng.pick(W.LAST_NAMES)}`;

const TEMPLATES: Record<Category, Template> = {
  POLITICS: {
    single: (r, y) => ({ title: `Will ${person(r)} win the ${y} ${r.pick(W.REGIONS)} ${r.pick(W.OFFICES)} election?` }),
    multi: (r, y) => {
      const race = `${y} ${r.pick(W.REGIONS)} ${r.pick(W.OFFICES)} election`;
      return {
        title: `Who will win the ${race}?`,
        candidates: [person(r), person(r), person(r), person(r)],
        question: (c) => `Will ${c} win the ${race}?`,
      };
    },
    source: 'Official results of the electoral commission',
  },
  SPORTS: {
    single: (r, y) => {
      const a = r.pick(W.TEAMS);
      const b = r.pick(W.TEAMS.filter((t) => t !== a));
      return { title: `${a} vs. ${b}: ${r.pick(W.LEAGUES)} ${y}`, outcomes: [a, b] };
    },
    multi: (r, y) => {
      const league = `${r.pick(W.LEAGUES)} ${y}`;
      return { title: `${league} champion`, candidates: r.sample(W.TEAMS, 4), question: (c) => `Will ${c} win the ${league}?` };
    },
    source: 'Official league standings',
  },
  CRYPTO: {
    single: (r, y) => ({
      title: `${r.pick(W.COINS)} up or down on ${r.pick(W.MONTHS)} ${r.int(1, 28)}, ${y}?`,
      outcomes: ['Up', 'Down'],
    }),
    multi: (r, y) => {
      const coin = r.pick(W.COINS);
      const day = `${r.pick(W.MONTHS)} ${r.int(1, 28)}, ${y}`;
      const base = r.int(1, 9) * 10;
      const levels = [0, 1, 2, 3].map((i) => `$${base + i * 5}k`);
      return { title: `${coin} price on ${day}`, candidates: levels, question: (c) => `Will ${coin} be above ${c} on ${day}?` };
    },
    source: 'Closing price on the reference exchange',
  },
  FINANCE: {
    single: (r, y) => ({ title: `Will ${r.pick(W.COMPANIES)} stock close ${y} above its IPO price?` }),
    multi: (r, y) => {
      const co = r.pick(W.COMPANIES);
      return {
        title: `${co} market cap at the end of ${y}`,
        candidates: ['under $10B', '$10B-$50B', '$50B-$200B', 'over $200B'],
        question: (c) => `Will ${co} be valued ${c} at the end of ${y}?`,
      };
    },
    source: 'Exchange closing data',
  },
  CULTURE: {
    single: (r, y) => ({ title: `Will "${r.pick(W.FILMS)}" gross over $${r.int(2, 20) * 10}M on its ${y} opening weekend?` }),
    multi: (r, y) => ({
      title: `Best Picture at the ${y} Lantern Awards`,
      candidates: r.sample(W.FILMS, 4),
      question: (c) => `Will "${c}" win Best Picture at the ${y} Lantern Awards?`,
    }),
    source: 'Published box-office and award results',
  },
  MENTIONS: {
    single: (r) => ({ title: `Will ${person(r)} say "${r.pick(W.WORDS_SAID)}" during ${r.pick(W.SPEECH_EVENTS)}?` }),
    multi: (r) => {
      const who = person(r);
      const ev = r.pick(W.SPEECH_EVENTS);
      return {
        title: `What will ${who} say during ${ev}?`,
        candidates: r.sample(W.WORDS_SAID, 4),
        question: (c) => `Will ${who} say "${c}" during ${ev}?`,
      };
    },
    source: 'Official transcript',
  },
  WEATHER: {
    single: (r, y) => ({ title: `Will ${r.pick(W.CITIES)} record over ${r.int(2, 30)} inches of snow in ${r.pick(W.MONTHS)} ${y}?` }),
    multi: (r, y) => {
      const city = r.pick(W.CITIES);
      const month = `${r.pick(W.MONTHS)} ${y}`;
      return {
        title: `Highest temperature in ${city} in ${month}`,
        candidates: ['below 20C', '20-25C', '25-30C', 'above 30C'],
        question: (c) => `Will the highest temperature in ${city} in ${month} be ${c}?`,
      };
    },
    source: 'National weather service records',
  },
  ECONOMICS: {
    single: (r, y) => ({ title: `Will the ${r.pick(W.REGIONS)} central bank cut rates in ${r.pick(W.MONTHS)} ${y}?` }),
    multi: (r, y) => {
      const region = r.pick(W.REGIONS);
      const month = `${r.pick(W.MONTHS)} ${y}`;
      return {
        title: `${region} inflation in ${month}`,
        candidates: ['under 2%', '2-3%', '3-4%', 'over 4%'],
        question: (c) => `Will ${region} inflation be ${c} in ${month}?`,
      };
    },
    source: 'Statistics office release',
  },
  TECH: {
    single: (r, y) => ({ title: `Will ${r.pick(W.COMPANIES)} release ${r.pick(W.PRODUCTS)} before ${r.pick(W.MONTHS)} ${y}?` }),
    multi: (r, y) => {
      const product = r.pick(W.PRODUCTS);
      return {
        title: `Who ships ${product} first in ${y}?`,
        candidates: r.sample(W.COMPANIES, 4),
        question: (c) => `Will ${c} ship ${product} first in ${y}?`,
      };
    },
    source: 'Company announcements',
  },
};

export function draftEvent(rng: SimRng, category: Category, marketCount: number, year: number): EventDraft {
  const t = TEMPLATES[category];
  if (marketCount <= 1) {
    const s = t.single(rng, year);
    const description = `This market resolves to "${(s.outcomes ?? YES_NO)[0]}" if: ${s.title} Resolution source: ${t.source}.`;
    return {
      title: s.title,
      description,
      resolutionSource: t.source,
      markets: [{ question: s.title, description, outcomes: s.outcomes ?? YES_NO }],
    };
  }
  const m = t.multi(rng, year);
  const candidates = dedupe(m.candidates).slice(0, marketCount);
  return {
    title: m.title,
    description: `${m.title}: one market per outcome; exactly one resolves Yes. Resolution source: ${t.source}.`,
    resolutionSource: t.source,
    markets: candidates.map((c) => {
      const question = m.question(c);
      return { question, description: `This market resolves to "Yes" if: ${question}`, outcomes: YES_NO };
    }),
  };
}

function dedupe(items: readonly string[]): string[] {
  return [...new Set(items)];
}
