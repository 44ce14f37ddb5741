import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // POETRY_BUILD_DIR lets parallel work keep separate builds (see app/server/web-server.server.ts).
  buildDirectory: process.env.POETRY_BUILD_DIR ?? "build",
} satisfies Config;
