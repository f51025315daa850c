import type { ReactNode } from "react";
import { formatMoney } from "~/utils/format";

/** An order line as the after-sales pages show it: image, name, unit price × quantity, and extras on the right. */
export function GoodsLine({
  image,
  name,
  price,
  num,
  size = 56,
  children,
}: {
  image: string;
  name: string;
  price?: string;
  num: number;
  size?: number;
  children?: ReactNode;
}) {
  return (
    <div className="aftersales-goods">
      {image ? <img src={image} alt="" width={size} height={size} /> : null}
      <div>
        <p className="ui-strong">{name}</p>
        <p className="ui-dimmed">
          {price ? `${formatMoney(price)} ` : ""}× {num}
        </p>
      </div>
      {children}
    </div>
  );
}
