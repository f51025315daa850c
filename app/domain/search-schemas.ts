import { z } from "zod";
import { SEARCH_KEYWORD_MAX } from "./search";

// Apart from search.ts so the header search box gets its limits without zod.

export const KeywordSchema = z.string().trim().max(SEARCH_KEYWORD_MAX, "validation:keywordTooLong");

export const SearchTypeSchema = z.enum(["goods", "shop"]).catch("goods");
