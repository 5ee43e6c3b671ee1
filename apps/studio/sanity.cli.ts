import { defineCliConfig } from 'sanity/cli'
import { studioEnv } from './studioEnv'

// TYPEGEN_SCHEMA / TYPEGEN_OUT let scripts/check-typegen.sh generate into a scratch folder and compare.
export default defineCliConfig({
  api: { projectId: studioEnv.projectId, dataset: studioEnv.dataset },
  // On the local Content Lake an uploaded image's URL is site-relative (/images/...), as the site serves it:
  // the Studio's dev server passes those requests on to the lake, for the asset browser's thumbnails.
  vite: (config) =>
    studioEnv.apiHost
      ? { ...config, server: { ...config.server, proxy: { ...config.server?.proxy, '/images': studioEnv.apiHost } } }
      : config,
  typegen: {
    path: '../web/app/**/*.{ts,tsx}',
    schema: process.env.TYPEGEN_SCHEMA || './schema.json',
    generates: process.env.TYPEGEN_OUT || '../web/app/content/sanity.types.ts',
    overloadClientMethods: true,
  },
})
