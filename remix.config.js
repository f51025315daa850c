// The Remix options. The Vite plugin reads them from here (see vite.config.ts), so this file is
// the one place that says how Remix builds the app.
/** @type {import('@remix-run/dev').VitePluginConfig} */
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ignoredRouteFiles: ["**/*.test.*", "**/.*"],
  // Every v3 future flag on (ADR 001).
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
    v3_routeConfig: true,
    unstable_optimizeDeps: true,
  },
};
