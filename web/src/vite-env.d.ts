/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_FEEDBACK_CONTACT?: string;
  readonly VITE_DEMO_URL?: string;
  readonly VITE_HELP_URL?: string;
}
