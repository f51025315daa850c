import type { CSSProperties, HTMLAttributes, ReactNode } from "react";

/**
 * Layout primitives: plain elements with CSS classes (app/styles/ui.css) that use Mantine's design
 * tokens (the variables of app/styles/theme.css). No component library code reaches the browser for them
 * (ADR 010: the first-load JS budget).
 */
export type Space = "0" | "xs" | "sm" | "md" | "lg" | "xl";

type BoxProps = HTMLAttributes<HTMLDivElement> & { gap?: Space };

function gapStyle(gap: Space | undefined, style: CSSProperties | undefined): CSSProperties | undefined {
  if (!gap) return style;
  return { ...style, ["--gap" as string]: gap === "0" ? "0px" : `var(--mantine-spacing-${gap})` };
}

function classes(...names: Array<string | false | undefined>): string {
  return names.filter(Boolean).join(" ");
}

/** A vertical stack; `gap` defaults to md. */
export function Stack({ gap, className, style, ...props }: BoxProps) {
  return <div className={classes("ui-stack", className)} style={gapStyle(gap, style)} {...props} />;
}

/** A horizontal row that wraps; `justify` spreads it out. */
export function Group({ gap, justify, nowrap, className, style, ...props }: BoxProps & { justify?: "between" | "end" | "center"; nowrap?: boolean }) {
  return <div className={classes("ui-group", className)} data-justify={justify} data-nowrap={nowrap || undefined} style={gapStyle(gap, style)} {...props} />;
}

/** An equal-column grid. */
export function Grid({ cols, gap, className, style, ...props }: BoxProps & { cols: number }) {
  return <div className={classes("ui-grid", className)} style={{ ...gapStyle(gap, style), ["--cols" as string]: cols }} {...props} />;
}

/** A bordered white panel (Mantine's Paper/Card look). */
export function Panel({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={classes("ui-panel", className)} {...props} />;
}

/** A section named by its h2 (`aria-labelledby` the heading's id, `headingId`). */
export function TitledSection({
  headingId,
  title,
  titleClassName,
  children,
  ...props
}: HTMLAttributes<HTMLElement> & { headingId: string; title: ReactNode; titleClassName: string }) {
  return (
    <section aria-labelledby={headingId} {...props}>
      <h2 id={headingId} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export { classes };
