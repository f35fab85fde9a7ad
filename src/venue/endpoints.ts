/**
 * The venue's endpoints as the client and the simulator use them: the route table itself lives in
 * src/routes.ts (shared with the rate limiter, so neither stage imports the other the wrong way);
 * this file adds what only HTTP needs on top of it, filling path templates and matching a request
 * back to its endpoint.
 */
import { ENDPOINTS, type EndpointDef } from '../routes.js';

export { ENDPOINTS, ENDPOINT_IDS, type EndpointDef, type EndpointId, type HttpMethod, type Surface } from '../routes.js';

/** Fills `{name}` placeholders, URL-encoding each value. */
export function buildPath(def: EndpointDef, pathParams: Readonly<Record<string, string>> = {}): string {
  return def.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = pathParams[name];
    if (v === undefined || v === '') throw new Error(`${def.route}: missing path parameter '${name}'`);
    return encodeURIComponent(v);
  });
}

interface CompiledMatcher {
  readonly def: EndpointDef;
  readonly re: RegExp;
  readonly names: readonly string[];
}

const matchers: CompiledMatcher[] = Object.values(ENDPOINTS)
  .map((def) => {
    const names: string[] = [];
    const pattern = def.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_, n: string) => {
      names.push(n);
      return '([^/]+)';
    });
    return { def, re: new RegExp(`^${pattern}$`), names };
  })
  // Literal paths first, so `/events/creators` wins over a template such as `/events/slug/{slug}`.
  .sort((a, b) => a.names.length - b.names.length);

/** Finds the endpoint a request addresses; path parameters are URL-decoded. */
export function matchEndpoint(method: string, pathname: string): { def: EndpointDef; pathParams: Record<string, string> } | undefined {
  for (const m of matchers) {
    if (m.def.method !== method) continue;
    const hit = m.re.exec(pathname);
    if (!hit) continue;
    const pathParams: Record<string, string> = {};
    m.names.forEach((n, i) => {
      pathParams[n] = decodeURIComponent(hit[i + 1]!);
    });
    return { def: m.def, pathParams };
  }
  return undefined;
}
