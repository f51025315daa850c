import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/**
 * Every e2e spec imports `test` from here: in projects with JavaScript on, each page a test opens
 * with `page.goto` and the page it ends on are checked with axe (WCAG 2.x A/AA rules), and a
 * serious or critical violation fails the test (issue 8). Tests that race hydration turn the check
 * after `goto` off (`test.use({ axeAfterGoto: false })`): the scan would let hydration win the race.
 * Rules are never disabled here without a reason written in docs/testing.md.
 *
 * The same projects fail a test on a hydration error: the browser's render of a page must match the
 * server's HTML.
 */
const HYDRATION_ERROR = /Minified React error #(418|419|422|423|425)|hydrat/i;

type AxeOptions = { axeAfterGoto: boolean };

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const FAILING_IMPACTS = new Set(["serious", "critical"]);

async function seriousViolations(page: Page): Promise<string[]> {
  const url = new URL(page.url());
  if (!url.protocol.startsWith("http")) return [];
  let results;
  try {
    results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  } catch {
    // The page navigated during the scan: scan where it settled.
    await page.waitForLoadState("load");
    results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  }
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ""))
    .map(
      (violation) =>
        `${url.pathname}${url.search}: ${violation.id} (${violation.impact}) at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}

export const test = base.extend<AxeOptions>({
  axeAfterGoto: [true, { option: true }],
  page: async ({ page, axeAfterGoto }, use, testInfo) => {
    if (testInfo.project.use.javaScriptEnabled === false) {
      await use(page);
      return;
    }
    const findings = new Set<string>();
    const hydrationErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && HYDRATION_ERROR.test(message.text())) hydrationErrors.push(`${page.url()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => {
      if (HYDRATION_ERROR.test(error.message)) hydrationErrors.push(`${page.url()}: ${error.message}`);
    });
    const scanned = new Set<string>();
    const scan = async () => {
      if (page.isClosed()) return;
      const { pathname, search } = new URL(page.url());
      if (scanned.has(pathname + search)) return;
      scanned.add(pathname + search);
      let found = await seriousViolations(page);
      if (found.length > 0) {
        // A scan that overlaps a re-render (a revalidation after an action) can see a node React is
        // replacing, e.g. a link without its text: what counts is what the settled page shows.
        await page.waitForLoadState("networkidle").catch(() => undefined);
        found = await seriousViolations(page);
      }
      for (const finding of found) findings.add(finding);
    };
    if (axeAfterGoto) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await scan();
        return response;
      };
    }
    await use(page);
    if (testInfo.status === testInfo.expectedStatus) await scan();
    expect([...findings], "axe: serious or critical accessibility violations").toEqual([]);
    expect(hydrationErrors, "hydration errors").toEqual([]);
  },
});

export { expect };
