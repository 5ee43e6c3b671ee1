import { defineCliConfig } from 'sanity/cli'
import { studioEnv } from './studioEnv'

// TYPEGEN_SCHEMA / TYPEGEN_OUT let scripts/check-typegen.sh generate into a scratch folder and compare.
export default defineCliConfig({
  api: { projectId: studioEnv.projectId, dataset: studioEnv.dataset },
  typegen: {
    path: '../web/app/**/*.{ts,tsx}',
    schema: process.env.TYPEGEN_SCHEMA || './schema.json',
    generates: process.env.TYPEGEN_OUT || '../web/app/content/sanity.types.ts',
    overloadClientMethods: true,
  },
})
