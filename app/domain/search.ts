/** Spec §5 / §9: a search keyword has at most 50 characters. */
export const SEARCH_KEYWORD_MAX = 50;

/** Spec §9: the suggestion request waits 300 ms after typing. */
export const SUGGEST_DELAY_MS = 300;
