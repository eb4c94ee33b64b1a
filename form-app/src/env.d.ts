/** The TENANT the app was built for (vite.config.ts `define`). */
declare const __ADMIT_TENANT__: string;
