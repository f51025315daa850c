import { useTranslation } from "~/i18n/translation";
import { PaginationLinks } from "~/components/pagination-links";
import type { EvaluationView } from "~/upstream/goods-detail.server";
import { formatDateTime } from "~/utils/format";

/** Evaluations, paged with `?eval_page=N` links (no JS needed). */
export function EvaluationList({
  evaluations,
  count,
  page,
  pageCount,
  hrefFor,
}: {
  evaluations: EvaluationView[];
  count: number;
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  const { t } = useTranslation("goods");
  if (!evaluations.length) return <p className="goods-empty">{t("evaluation.empty")}</p>;
  return (
    <>
      <p className="goods-evaluations__count">{t("evaluation.count", { count })}</p>
      <ul className="goods-evaluations">
        {evaluations.map((evaluation) => (
          <li key={evaluation.id} className="goods-evaluation">
            <div className="goods-evaluation__who">
              {evaluation.avatar ? <img src={evaluation.avatar} alt="" width={32} height={32} loading="lazy" /> : null}
              <span>{evaluation.member}</span>
            </div>
            <div className="goods-evaluation__body">
              <span className="goods-evaluation__stars" role="img" aria-label={t("evaluation.stars", { count: evaluation.stars })}>
                {"★".repeat(evaluation.stars)}
                {"☆".repeat(5 - evaluation.stars)}
              </span>
              <p>{evaluation.content}</p>
              {evaluation.images.length ? (
                <div className="goods-evaluation__images">
                  {evaluation.images.map((image) => (
                    <img key={image} src={image} alt="" width={64} height={64} loading="lazy" />
                  ))}
                </div>
              ) : null}
              {evaluation.again ? (
                <p className="goods-evaluation__again">
                  {t("evaluation.again")}
                  {evaluation.again}
                </p>
              ) : null}
              {evaluation.againImages.length ? (
                <div className="goods-evaluation__images">
                  {evaluation.againImages.map((image) => (
                    <img key={image} src={image} alt="" width={64} height={64} loading="lazy" />
                  ))}
                </div>
              ) : null}
              {evaluation.reply ? (
                <p className="goods-evaluation__reply">
                  {t("evaluation.reply")}
                  {evaluation.reply}
                </p>
              ) : null}
              <span className="goods-evaluation__meta">
                {formatDateTime(evaluation.time)}
                {evaluation.skuName ? ` · ${evaluation.skuName}` : ""}
              </span>
            </div>
          </li>
        ))}
      </ul>
      <PaginationLinks page={page} pageCount={pageCount} hrefFor={hrefFor} />
    </>
  );
}
