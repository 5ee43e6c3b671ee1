import { defineCliConfig } from 'sanity/cli'
import { studioEnv } from './studioEnv'

export default defineCliConfig({
  api: { projectId: studioEnv.projectId, dataset: studioEnv.dataset },
  typegen: {
    path: '../web/app/**/*.{ts,tsx}',
    schema: './schema.json',
    generates: '../web/app/content/sanity.types.ts',
    overloadClientMethods: true,
  },
})
