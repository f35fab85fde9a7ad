/** The rows of what makerd trades: trading and risk state, PnL and drawdown, fills and volume, inventory and exposure. */
import { GREEN, I, M, ORANGE, RED, flag, stat, timeline, timeseries } from './panels.mjs';

/** @type {{ title: string, panels: import('./panels.mjs').P[] }[]} */
export const TRADING_ROWS = [
  {
    title: 'Trading and risk state',
    panels: [
      stat(
        'Scrape',
        "Prometheus reaches makerd's /metrics (`up`).",
        [{ expr: `up{job="makerd", ${I}}`, legend: '{{instance}}' }],
        flag('DOWN', 'UP', RED, GREEN),
      ),
      stat(
        'Ready',
        '`makerd_ready`: reconciled, market data fresh, not HALTED (what /readyz answers).',
        [{ expr: `makerd_ready{${I}}`, legend: '{{instance}}' }],
        flag('NOT READY', 'READY', RED, GREEN),
      ),
      stat(
        'Overall state',
        '`makerd_trading_state{market="all"}`: ACTIVE, REDUCING (only orders that shrink positions) or HALTED (no orders).',
        [{ expr: `makerd_trading_state{market="all", ${I}} == 1`, legend: '{{state}}' }],
        { textMode: 'name', steps: [{ color: 'blue', value: null }] },
      ),
      stat(
        'Kill switch',
        '`makerd_kill_switch_engaged`: risk.killSwitch or the kill file halts everything.',
        [{ expr: `makerd_kill_switch_engaged{${I}}`, legend: '{{instance}}' }],
        flag('off', 'ENGAGED', GREEN, RED),
      ),
      stat(
        'Loss limits',
        '`makerd_loss_limit_engaged` by limit: 1 while daily_loss or drawdown holds every market in risk.lossAction.',
        [{ expr: `max by (limit) (makerd_loss_limit_engaged{${I}})`, legend: '{{limit}}' }],
        flag('ok', 'ENGAGED', GREEN, RED),
      ),
      stat(
        'WebSockets',
        '`makerd_ws_connected` by stream (market, user).',
        [{ expr: `min by (stream) (makerd_ws_connected{${I}})`, legend: '{{stream}}' }],
        flag('DOWN', 'connected', RED, GREEN),
      ),
      timeline(
        'Trading state by market',
        'Per market and overall (`all`): ACTIVE, REDUCING, HALTED, from `makerd_trading_state`.',
        [
          {
            expr: `max by (market) (makerd_trading_state{${I}, market=~"$market|all", state="REDUCING"}) + 2 * max by (market) (makerd_trading_state{${I}, market=~"$market|all", state="HALTED"})`,
            legend: '{{market}}',
          },
        ],
        [
          {
            type: 'value',
            options: {
              0: { text: 'ACTIVE', color: GREEN, index: 0 },
              1: { text: 'REDUCING', color: ORANGE, index: 1 },
              2: { text: 'HALTED', color: RED, index: 2 },
            },
          },
        ],
        { w: 12 },
      ),
      timeseries(
        'Risk refusals and loss-limit breaches',
        'Wanted orders the risk gate refused, per second by reason (`makerd_risk_refusals_total`; series appear at the first refusal), and loss-limit breaches (`makerd_loss_limit_breaches_total`).',
        [
          { expr: `sum by (reason) (rate(makerd_risk_refusals_total{${I}}[$__rate_interval]))`, legend: 'refused: {{reason}}' },
          { expr: `sum by (limit) (increase(makerd_loss_limit_breaches_total{${I}}[$__rate_interval]))`, legend: 'breach: {{limit}}' },
        ],
        { w: 6 },
      ),
      timeseries(
        'WebSocket connections',
        'Connected (1) per stream, and reconnects (`makerd_ws_reconnects_total`).',
        [
          { expr: `min by (stream) (makerd_ws_connected{${I}})`, legend: 'connected: {{stream}}' },
          { expr: `sum by (stream) (increase(makerd_ws_reconnects_total{${I}}[$__rate_interval]))`, legend: 'reconnects: {{stream}}' },
        ],
        { w: 6, min: 0 },
      ),
    ],
  },
  {
    title: 'PnL and drawdown',
    panels: [
      timeseries(
        'PnL (all markets)',
        '`makerd_pnl_usdc{market="all"}`: realized (closing gains − fees + rebates), unrealized (at the last midpoint), total.',
        [{ expr: `sum by (kind) (makerd_pnl_usdc{${I}, market="all"})`, legend: '{{kind}}' }],
        { unit: 'currencyUSD' },
      ),
      timeseries(
        'Total PnL by market',
        '`makerd_pnl_usdc{kind="total"}` per configured market (`other`: markets no longer configured).',
        [{ expr: `sum by (market) (makerd_pnl_usdc{${I}, ${M}, market!="all", kind="total"})`, legend: '{{market}}' }],
        { unit: 'currencyUSD' },
      ),
      timeseries(
        'Drawdown and daily PnL against the limits',
        "Drawdown below the peak of total PnL, the day's PnL, the peak, and the configured limits (`makerd_loss_limit_usdc`, absent when a limit is off; the daily limit is drawn negative).",
        [
          { expr: `sum(makerd_drawdown_usdc{${I}})`, legend: 'drawdown' },
          { expr: `sum(makerd_daily_pnl_usdc{${I}})`, legend: 'daily PnL' },
          { expr: `sum(makerd_equity_peak_usdc{${I}})`, legend: 'peak total PnL' },
          { expr: `sum(makerd_loss_limit_usdc{${I}, limit="drawdown"})`, legend: 'drawdown limit' },
          { expr: `-sum(makerd_loss_limit_usdc{${I}, limit="daily_loss"})`, legend: 'daily loss limit' },
        ],
        { unit: 'currencyUSD' },
      ),
      timeseries(
        'Fees and rebates',
        'USDC per hour: fees paid (`makerd_fees_paid_usdc_total`, series appear at the first fee) and maker rebates received.',
        [
          { expr: `sum(rate(makerd_fees_paid_usdc_total{${I}, ${M}}[$__rate_interval])) * 3600`, legend: 'fees paid' },
          { expr: `sum(rate(makerd_rebates_received_usdc_total{${I}, ${M}}[$__rate_interval])) * 3600`, legend: 'rebates received' },
        ],
        { unit: 'currencyUSD', w: 24, h: 6 },
      ),
    ],
  },
  {
    title: 'Fills and volume',
    panels: [
      timeseries('Fills per minute', "Fills of the account's orders by the account's side (`makerd_fills_total`).", [
        { expr: `sum by (side) (rate(makerd_fills_total{${I}, ${M}}[$__rate_interval])) * 60`, legend: '{{side}}' },
      ]),
      timeseries('Volume by market', 'Shares filled per minute (`makerd_fill_volume_shares_total`).', [
        { expr: `sum by (market) (rate(makerd_fill_volume_shares_total{${I}, ${M}}[$__rate_interval])) * 60`, legend: '{{market}}' },
      ]),
      timeseries(
        'Orders by action',
        'Executor actions per second (`makerd_orders_total`: placed, cancelled, kept, …) and refused posts (`makerd_order_rejections_total`, series appear at the first rejection).',
        [
          { expr: `sum by (action) (rate(makerd_orders_total{${I}}[$__rate_interval]))`, legend: '{{action}}' },
          { expr: `sum by (reason) (rate(makerd_order_rejections_total{${I}}[$__rate_interval]))`, legend: 'rejected: {{reason}}' },
        ],
      ),
      timeseries(
        'Live quotes',
        'Live orders per market and side of outcome 0 (`makerd_quotes_live`).',
        [{ expr: `sum by (market, side) (makerd_quotes_live{${I}, ${M}})`, legend: '{{market}} {{side}}' }],
        { w: 12, min: 0 },
      ),
      timeseries(
        'Two-sided share',
        'Share of time each market had a bid and an ask live (`makerd_two_sided_seconds_total`).',
        [{ expr: `sum by (market) (rate(makerd_two_sided_seconds_total{${I}, ${M}}[$__rate_interval]))`, legend: '{{market}}' }],
        { w: 12, unit: 'percentunit', min: 0, max: 1 },
      ),
    ],
  },
  {
    title: 'Inventory and exposure',
    panels: [
      timeseries('Positions', 'Signed position in shares by market and outcome (`makerd_position_shares`; negative: short).', [
        { expr: `sum by (market, outcome) (makerd_position_shares{${I}, ${M}})`, legend: '{{market}} #{{outcome}}' },
      ]),
      timeseries('Net exposure', 'Position of outcome 0 − position of outcome 1, shares (`makerd_net_exposure_shares`).', [
        { expr: `sum by (market) (makerd_net_exposure_shares{${I}, ${M}})`, legend: '{{market}}' },
      ]),
      timeseries(
        'Open orders',
        'Open orders the cancel reserve covers (`makerd_rate_limit_open_orders`).',
        [{ expr: `sum(makerd_rate_limit_open_orders{${I}})`, legend: 'open orders' }],
        { min: 0 },
      ),
    ],
  },
];
