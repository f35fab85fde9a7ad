/**
 * Vocabulary for synthetic names, titles and comments. Fictional on purpose: the simulator must
 * never look like advice about a real market.
 */
import type { Category } from './catalog-model.js';

export const FIRST_NAMES = [
  'Ada',
  'Bruno',
  'Cleo',
  'Dario',
  'Elin',
  'Farah',
  'Gus',
  'Hana',
  'Ivo',
  'Juno',
  'Kai',
  'Lena',
  'Milo',
  'Nora',
  'Otto',
  'Pia',
  'Quinn',
  'Rosa',
  'Sami',
  'Tove',
  'Uma',
  'Vik',
  'Wren',
  'Yara',
  'Zeno',
] as const;

export const LAST_NAMES = [
  'Abara',
  'Brandt',
  'Castell',
  'Dunmore',
  'Eskola',
  'Fairweather',
  'Grieve',
  'Halloran',
  'Ibsen',
  'Jarvik',
  'Kestrel',
  'Lindqvist',
  'Moravec',
  'Northcote',
  'Okafor',
  'Pellegrini',
  'Quarry',
  'Rasmussen',
  'Solberg',
  'Thorne',
  'Ulloa',
  'Vasquez',
  'Whitlock',
  'Yamada',
  'Zoller',
] as const;

export const ADJECTIVES = [
  'Amber',
  'Brave',
  'Calm',
  'Daring',
  'Eager',
  'Frosty',
  'Gentle',
  'Hidden',
  'Icy',
  'Jolly',
  'Keen',
  'Lucky',
  'Misty',
  'Noble',
  'Odd',
  'Proud',
  'Quiet',
  'Rapid',
  'Silent',
  'Tidy',
  'Vivid',
  'Witty',
] as const;

export const ANIMALS = [
  'Albatross',
  'Badger',
  'Cougar',
  'Dingo',
  'Egret',
  'Falcon',
  'Gecko',
  'Heron',
  'Ibex',
  'Jackal',
  'Koala',
  'Lynx',
  'Marmot',
  'Newt',
  'Otter',
  'Puffin',
  'Quail',
  'Raven',
  'Stoat',
  'Tapir',
  'Vole',
  'Walrus',
] as const;

export const REGIONS = [
  'Valdoria',
  'Norland',
  'East Marrow',
  'Caldera',
  'Westhaven',
  'Port Asher',
  'Kestral Isles',
  'Brightwater',
] as const;
export const OFFICES = ['presidential', 'mayoral', 'senate', 'governor', 'parliamentary'] as const;
export const LEAGUES = ['Lunar Cup', 'Continental League', 'Harbor Series', 'Summit Open', 'Northern Premier'] as const;
export const TEAMS = [
  'Aster FC',
  'Bramble Rovers',
  'Cinder City',
  'Dune Runners',
  'Ember United',
  'Fjord Wolves',
  'Granite Hawks',
  'Harbor Kings',
] as const;
export const COINS = ['Bitcoin', 'Ether', 'Solara', 'Quarkcoin', 'Nimbus', 'Lumen'] as const;
export const COMPANIES = ['Orbital Labs', 'Nimbus Systems', 'Kestrel AI', 'Heliotrope', 'Quanta Robotics', 'Pebble Devices'] as const;
export const PRODUCTS = [
  'a foldable tablet',
  'an open-weights model',
  'a humanoid robot',
  'a satellite phone',
  'a mixed-reality headset',
] as const;
export const FILMS = ['The Glass Orchard', 'Nightfall Protocol', 'Saltwater Kings', 'A Quiet Comet', 'Paper Lanterns'] as const;
export const CITIES = ['Northport', 'Valdoria City', 'Ashford', 'Lakemere', 'Redcliff', 'Marrowgate'] as const;
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
export const SPEECH_EVENTS = ['the budget address', 'the press conference', 'the debate', 'the earnings call', 'the keynote'] as const;
export const WORDS_SAID = ['inflation', 'tariff', 'moonshot', 'historic', 'tremendous', 'agile', 'synergy'] as const;

/** Tags below each category's own tag (label, category). */
export const SUB_TAGS: readonly (readonly [string, Category])[] = [
  ['Elections', 'POLITICS'],
  ['Geopolitics', 'POLITICS'],
  ['Football', 'SPORTS'],
  ['Basketball', 'SPORTS'],
  ['Bitcoin', 'CRYPTO'],
  ['Altcoins', 'CRYPTO'],
  ['Stocks', 'FINANCE'],
  ['Commodities', 'FINANCE'],
  ['Movies', 'CULTURE'],
  ['Music', 'CULTURE'],
  ['Speeches', 'MENTIONS'],
  ['Earnings Calls', 'MENTIONS'],
  ['Snow', 'WEATHER'],
  ['Temperature', 'WEATHER'],
  ['Central Banks', 'ECONOMICS'],
  ['Inflation', 'ECONOMICS'],
  ['AI', 'TECH'],
  ['Gadgets', 'TECH'],
];

/** Title-case label of a category's own tag. */
export function categoryLabel(c: Category): string {
  return c.charAt(0) + c.slice(1).toLowerCase();
}

export const COMMENT_OPENERS = [
  'Strong take:',
  'Honestly',
  'Not convinced,',
  'Interesting market.',
  'Called it:',
  'Hmm,',
  'Fair point, but',
] as const;

export const COMMENT_BODIES = [
  'the odds look too high to me.',
  'this is priced way too low.',
  'I am holding until resolution.',
  'the resolution source is clear enough.',
  'volume is picking up here.',
  'sold half my position today.',
  'the spread is tight, nice liquidity.',
  'waiting for more news before I add.',
  'this one resolves sooner than people think.',
] as const;

export const REPLY_BODIES = [
  'Agreed.',
  'Disagree, the trend says otherwise.',
  'Source?',
  'Same here.',
  'We will see at resolution.',
  'Bold call.',
] as const;
