/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the JSON API; defaults to the same-origin "/api". */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The version in package.json, set at build time. */
declare const __APP_VERSION__: string;
