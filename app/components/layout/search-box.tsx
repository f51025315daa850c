import { useDebouncedCallback } from "@mantine/hooks";
import { Form, Link, useFetcher, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { SEARCH_KEYWORD_MAX, SUGGEST_DELAY_MS, type SuggestData } from "~/domain/search";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button, Group } from "~/components/ui";

type SearchType = "goods" | "shop";
const TARGET: Record<SearchType, string> = { goods: "/list", shop: "/street" };

/**
 * The header search: goods → /list?keyword=, shop → /street?keyword=. With JS the switch sets the
 * form's action; without JS the form posts (GET) to /search, which redirects by the chosen type.
 */
export function SearchBox({ placeholder, hotWords }: { placeholder: string; hotWords: string[] }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const [type, setType] = useState<SearchType>("goods");
  const suggestions = useFetcher<SuggestData>();
  const [showSuggestions, setShowSuggestions] = useState(false);
  // Spec §9: suggestions are requested 300 ms after the last keystroke.
  const suggest = useDebouncedCallback((keyword: string) => {
    const trimmed = keyword.trim();
    if (type !== "goods" || !trimmed || trimmed.length > SEARCH_KEYWORD_MAX) return setShowSuggestions(false);
    suggestions.load(`/suggest?${new URLSearchParams({ keyword: trimmed })}`);
    setShowSuggestions(true);
  }, SUGGEST_DELAY_MS);
  const suggestionList = showSuggestions ? (suggestions.data?.suggestions ?? []) : [];

  return (
    <div className="search-box">
      <Form method="get" action={hydrated ? TARGET[type] : "/search"} role="search">
        {/* The same radios with and without JS; with JS they only change where the form goes. */}
        <fieldset className="search-box__types">
          <legend className="visually-hidden">{t("search.type")}</legend>
          {(["goods", "shop"] as const).map((value) => (
            <label key={value}>
              <input type="radio" name="search_type" value={value} checked={type === value} onChange={() => setType(value)} /> {t(`search.${value}`)}
            </label>
          ))}
        </fieldset>
        <Group gap="0" nowrap>
          <input
            name="keyword"
            type="search"
            aria-label={t("search.keyword")}
            placeholder={placeholder || t("search.placeholder")}
            maxLength={SEARCH_KEYWORD_MAX}
            defaultValue={searchParams.get("keyword") ?? ""}
            className="search-box__input"
            autoComplete="off"
            onChange={(event) => suggest(event.currentTarget.value)}
            onBlur={() => setTimeout(() => setShowSuggestions(false), 200)}
          />
          <Button type="submit" className="search-box__submit">
            {t("search.submit")}
          </Button>
        </Group>
        {suggestionList.length > 0 ? (
          <ul className="search-box__suggestions" aria-label={t("search.suggestions")}>
            {suggestionList.map((item) => (
              <li key={item.id}>
                <Link to={`/list?${new URLSearchParams({ keyword: item.name })}`}>{item.name}</Link>
              </li>
            ))}
          </ul>
        ) : null}
      </Form>
      {hotWords.length > 0 ? (
        <Group gap="xs" className="search-box__hot" aria-label={t("search.hot")}>
          {hotWords.map((word) => (
            <Link key={word} to={`/list?${new URLSearchParams({ keyword: word })}`}>
              {word}
            </Link>
          ))}
        </Group>
      ) : null}
    </div>
  );
}
