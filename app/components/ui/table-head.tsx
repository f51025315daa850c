import type { ReactNode } from "react";

/** A column's heading: its text, a class (a number column's alignment), read by screen readers only when `hidden`. */
export type HeadCell = ReactNode | { label: ReactNode; className?: string; hidden?: boolean };

function isCell(cell: HeadCell): cell is { label: ReactNode; className?: string; hidden?: boolean } {
  return typeof cell === "object" && cell !== null && "label" in cell;
}

/** A table's head of column headings (`scope="col"`); a `false` cell is a column the table leaves out. */
export function TableHead({ cells }: { cells: Array<HeadCell | false> }) {
  return (
    <thead>
      <tr>
        {cells.map((cell, index) => {
          if (cell === false) return null;
          const { label, className, hidden } = isCell(cell) ? cell : { label: cell, className: undefined, hidden: false };
          return (
            <th key={index} scope="col" className={className}>
              {hidden ? <span className="visually-hidden">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
