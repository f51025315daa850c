/**
 * The package's one entry (package.json "exports"): the start function the BFF's server.ts calls
 * when no upstream is configured, and its types. Nothing else of the reference shop API is public;
 * the app and the shop API otherwise meet over HTTP only (ADR 069).
 */
export { createShopApi, type ShopApi, type ShopApiOptions } from './server.js'
