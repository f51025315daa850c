import { z } from "zod";

/** Spec §5 / §9: a search keyword has at most 50 characters. */
export const SEARCH_KEYWORD_MAX = 50;

export const KeywordSchema = z
  .string()
  .trim()
  .max(SEARCH_KEYWORD_MAX, "validation:keywordTooLong");

export const SearchTypeSchema = z.enum(["goods", "shop"]).catch("goods");
