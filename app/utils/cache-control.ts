/**
 * The headers of an answer that depends on the member: never kept by a browser's or a shared
 * cache. (The request scope adds them to every answer that read the session, too; a route says it
 * where the answer is the member's by nature.)
 */
export const PRIVATE_NO_STORE = { "Cache-Control": "private, no-store" } as const;
