/** Spec §5 / §9: a search keyword has at most 50 characters. */
export const SEARCH_KEYWORD_MAX = 50;

/** Spec §9: the suggestion request waits 300 ms after typing. */
export const SUGGEST_DELAY_MS = 300;

/** What GET /suggest answers the header's search box: up to 10 goods names, each with its sku id. */
export type SuggestData = { suggestions: Array<{ id: number; name: string }> };
