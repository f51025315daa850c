/**
 * How tests start Debian's Chromium (never a downloaded browser): Playwright's projects and the
 * resilience probes use the same options. The background-networking flags keep it off this
 * machine's closed network.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
    "--disable-dev-shm-usage",
  ],
};
