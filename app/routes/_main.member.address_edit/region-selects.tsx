import { useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { errorsText } from "~/utils/error-text";
import { Button, NativeSelect } from "~/components/ui";
import { useTranslation } from "~/i18n/translation";
import type { RegionChoices, RegionOption } from "~/upstream/address.server";
// A side effect (docs/member-centre.md "Bundle"): keeps this component, shared by the address form
// and /register, out of the chunks other pages load.
import "~/styles/region-selects.css";

type Level = "province_id" | "city_id" | "district_id" | "community_id";
const LEVELS: Level[] = ["province_id", "city_id", "district_id", "community_id"];
const OPTION_KEYS = { province_id: "provinces", city_id: "cities", district_id: "districts", community_id: "streets" } as const;

/** The JSON of /regions, checked by hand (zod stays on the server, ADR 010). */
function asOptions(value: unknown): RegionOption[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const { id, name } = (item ?? {}) as { id?: unknown; name?: unknown };
    return typeof id === "number" && typeof name === "string" ? [{ id, name }] : [];
  });
}

/**
 * Province → city → district → street. With JS, choosing a level loads the next one from
 * /regions; without JS, the "next" button after each select posts the form (intent "regions")
 * and the server re-renders it with the next level's options, keeping what was typed.
 */
export function RegionSelects({
  choices,
  errors,
  depth = 4,
}: {
  choices: RegionChoices;
  errors: Partial<Record<Level, string[] | undefined>>;
  /** 3: province, city, district only (registration); 4 adds the street. */
  depth?: 3 | 4;
}) {
  const { t } = useTranslation("address");
  const hydrated = useHydrated();
  const [ids, setIds] = useState(choices.ids);
  const [options, setOptions] = useState(choices.options);
  const latest = useRef(0);

  const levels = LEVELS.slice(0, depth);

  const choose = async (level: Level, id: number) => {
    const index = levels.indexOf(level);
    const below = levels.slice(index + 1);
    setIds((current) => ({ ...current, [level]: id, ...Object.fromEntries(below.map((key) => [key, 0])) }));
    setOptions((current) => ({ ...current, ...Object.fromEntries(below.map((key) => [OPTION_KEYS[key], []])) }));
    const next = below[0];
    if (!next || !id) return;
    const request = ++latest.current;
    try {
      const response = await fetch(`/regions?pid=${id}`);
      const children = response.ok ? asOptions(await response.json()) : [];
      if (request === latest.current) setOptions((current) => ({ ...current, [OPTION_KEYS[next]]: children }));
    } catch {
      // Offline or failed: the level stays empty; saving still checks everything on the server.
    }
  };

  return (
    <fieldset className="region-selects">
      <legend className="ui-field__label">{t("edit.region")}</legend>
      {levels.map((level, index) => {
        const list = options[OPTION_KEYS[level]];
        const label = t(`edit.levels.${level}`);
        return (
          <div key={level} className="region-selects__level">
            <NativeSelect
              name={level}
              label={label}
              disabled={list.length === 0}
              value={String(ids[level] || "")}
              onChange={(event) => void choose(level, Number(event.currentTarget.value) || 0)}
              error={errorsText(t, errors[level])}
              data={[{ value: "", label: t("edit.choose") }, ...list.map((region) => ({ value: String(region.id), label: region.name }))]}
            />
            {!hydrated && index < levels.length - 1 && list.length > 0 ? (
              // formNoValidate: the step must work before the required fields are filled in.
              <Button type="submit" name="intent" value="regions" formNoValidate variant="outline" size="xs">
                {t(`edit.next.${level}`)}
              </Button>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
