export const SHOP_API_PORT = Number(process.env.E2E_SHOP_API_PORT ?? 4100);
export const BFF_PORT = Number(process.env.E2E_PORT ?? 3100);
export const SHOP_API_URL = `http://127.0.0.1:${SHOP_API_PORT}`;
export const BFF_URL = `http://127.0.0.1:${BFF_PORT}`;
/** Ports of the second BFFs some switch journeys start (derived, so parallel runs on other ports never meet). */
export const FAULTS_BFF_PORT = BFF_PORT + 90;
/** This port with JS, the next without (float-layer-always.spec.ts). */
export const FLOAT_LAYER_BFF_PORT = BFF_PORT + 91;
/** The second BFFs of stock-niushop.spec.ts (one per project: this port with JS, the next without), after the float layer's two. */
export const STOCK_BFF_PORT = BFF_PORT + 93;
/** The BFF without in-process compression (shared-cache.spec.ts, js project only). */
export const COMPRESSION_OFF_BFF_PORT = BFF_PORT + 95;
