import { it } from 'vitest';
import { startSimHarness } from '../../support/sim-harness.js';
import { tokenWithTick } from '../server/trade-helpers.js';

it('probe2', async () => {
  const h = await startSimHarness({ markets: 4 });
  const big = '[' + Array.from({ length: 200000 }, () => '{"token_id":"x"}').join(',') + ']';
  try {
    const r = await h.request('POST', '/books', { body: big });
    console.log('big', r.status, r.text.slice(0, 200));
  } catch (e) { console.log('big threw', String(e), (e as any).cause); }
  const r2 = await h.request('POST', '/books', { body: 'x'.repeat(2_000_000) }).catch((e) => ({ status: -1, text: String((e as any).cause) }));
  console.log('big2', r2.status, r2.text.slice(0, 200));
  const t = tokenWithTick(h, '0.01');
  const rs = await Promise.all(Array.from({ length: 300 }, () => h.request('GET', '/book', { query: { token_id: t.tokenId } })));
  const counts: Record<number, number> = {};
  for (const r of rs) counts[r.status] = (counts[r.status] ?? 0) + 1;
  console.log('conc', JSON.stringify(counts), rs.find((r) => r.status === 429)?.headers.get('retry-after'));
  const head = await fetch(h.baseUrl + '/tags', { method: 'HEAD' });
  console.log('head', head.status);
  const opt = await fetch(h.baseUrl + '/tags', { method: 'OPTIONS' });
  console.log('options', opt.status, await opt.text());
  await h.setFaults({ maintenanceMs: 5000 });
  const m = await h.request('GET', '/tags');
  console.log('maint', m.status, m.headers.get('retry-after'), m.text);
  await h.setFaults({ maintenanceMs: 0, throttleStormMs: 3000 });
  const s = await h.request('GET', '/tags');
  console.log('storm', s.status, s.headers.get('retry-after'), s.text);
  console.log(JSON.stringify(await h.stats()));
  await h.close();
});
