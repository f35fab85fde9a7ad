/** Every venue route's handler, by endpoint id; the compiler checks that none is missing. */
import type { RouteTable } from '../request-context.js';
import { catalogRoutes } from './catalog-routes.js';
import { clobReadRoutes } from './clob-read-routes.js';
import { dataRoutes } from './data-routes.js';
import { tradingRoutes } from './trading-routes.js';

export const ROUTES: RouteTable = { ...catalogRoutes, ...clobReadRoutes, ...tradingRoutes, ...dataRoutes };
