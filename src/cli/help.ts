/** The text of `makerd --help`. */
export const HELP = `makerd — market-making daemon for a prediction-market venue

Usage: makerd <command> [options]

Commands:
  run                         Run the daemon (sim mode starts the embedded venue simulator)
  sim                         Run the venue simulator alone; prints its URLs and credentials
                              as one JSON line first  [--port N] [--seed S] [--markets M]
  query <what> [--param v]    Call a read endpoint and print its JSON answer
                              (makerd query --help lists <what> and its parameters)
  cancel --order-id ID        Cancel one order (DELETE /order)
  cancel-market --market CID | --asset TOKEN
                              Cancel open orders of a market or an asset
  check-config                Validate and print the effective configuration (secrets masked)
  pnl [--json]                Positions and PnL per market from the fill journal in data.dir
                              (offline: no daemon, no network)
  config-doc                  Print the configuration reference as a Markdown table
                              (--write FILE: rewrite the table in docs/configuration.md)
  backtest [options]          Strategies on the simulator's core with a virtual clock, over many
                              seeds; table, --json, --out report.html (makerd backtest --help);
                              --replay DIR: on recorded markets
  tune [options]              Search a strategy's parameters on many seeds (successive halving,
                              tuning and validation seeds apart); the best as a config file,
                              an HTML report (makerd tune --help); tune merge FILE...: join shards
  record [--for SECONDS]      Record the selected markets' public data into record.dir
                              (no credentials, no orders; makerd record --help)
  survey [--markets N | --all] [--for SECONDS] [--json] [--compare FILE]
                              Measure the markets from public data alone: trades and USDC
                              a day, spreads, depth, midpoint moves, makers' edge and
                              mark-outs, rewards and fees (makerd survey --help)

Options for every command:
  --config FILE               Extra configuration file (JSON), over config/default.json
  --log-level LEVEL           fatal|error|warn|info|debug|trace|silent
  --venue-mode sim|live       Embedded simulator or the configured venue
  --venue-base-url URL        Venue base URL (live mode)
  --metrics-port N, --data-dir DIR, --poll-interval-ms N, --fault-…
                              More keys; makerd config-doc lists every key, variable and flag
  -h, --help                  This help
Flags also take the form --flag=value.

Configuration: config/default.json, then --config FILE, then MAKERD_* environment variables,
then flags. Secrets: MAKERD_VENUE_SECRET(_FILE), MAKERD_VENUE_PASSPHRASE(_FILE).
Errors print one line to stderr and exit non-zero (2 for usage errors).
`;
