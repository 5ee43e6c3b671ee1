import { visionTool } from '@sanity/vision'
import { SINGLETON_TYPES, schemaTypes } from '@site/schemas'
import { defineConfig } from 'sanity'
import { presentationTool } from 'sanity/presentation'
import { structureTool } from 'sanity/structure'
import { asDuplicatePage } from './actions/duplicatePage'
import { PromoteVariantAction } from './actions/promoteVariant'
import { withRedirectOnMove } from './actions/publishWithRedirect'
import { insightsTool } from './insights/insightsPlugin'
import { lakeHostForThisPage } from './lakeHost'
import { leadsTool } from './leads/leadsPlugin'
import { locations, mainDocuments } from './presentation/resolve'
import { structure } from './structure'
import { studioEnv } from './studioEnv'

// The lead routing document is one document too, but no page shows it (so it is not a site singleton).
const singletons = new Set<string>([...SINGLETON_TYPES, 'leadRouting'])
// Actions a singleton must not offer: a second copy, or deleting the one the site needs.
const singletonActions = new Set(['publish', 'discardChanges', 'restore'])
// Documents with an address of their own: publishing one at a new address redirects the old one.
const ROUTED_TYPES = new Set(['page', 'resource'])
// Against the local Content Lake (no project), the features it does not model are switched off, so the
// Studio does not offer an editor a comment, task or announcement that would go nowhere.
const offline = Boolean(studioEnv.apiHost)
const unmodelledFeatures = offline
  ? {
      tasks: { enabled: false },
      announcements: { enabled: false },
    }
  : {}

export default defineConfig({
  name: 'default',
  title: 'AdvisorGrowth — Website',
  projectId: studioEnv.projectId,
  dataset: studioEnv.dataset,
  ...(studioEnv.apiHost ? { apiHost: lakeHostForThisPage(studioEnv.apiHost) } : {}),
  ...unmodelledFeatures,
  plugins: [
    structureTool({ structure }),
    presentationTool({
      title: 'Preview',
      previewUrl: { initial: studioEnv.previewUrl },
      allowOrigins: [new URL(studioEnv.previewUrl).origin],
      resolve: { mainDocuments, locations },
    }),
    visionTool({ defaultApiVersion: studioEnv.apiVersion }),
    leadsTool({ serverUrl: studioEnv.leadsUrl }),
    insightsTool({ serverUrl: studioEnv.leadsUrl }),
  ],
  schema: {
    types: schemaTypes,
    templates: (templates) => [
      ...templates.filter(({ schemaType }) => !singletons.has(schemaType)),
      {
        id: 'resource-by-category',
        title: 'Resource in category',
        schemaType: 'resource',
        parameters: [{ name: 'category', type: 'string' }],
        value: (params: { category: string }) => ({ category: params.category }),
      },
    ],
  },
  document: {
    comments: { enabled: !offline },
    actions: (actions, { schemaType }) => {
      if (singletons.has(schemaType)) return actions.filter(({ action }) => action && singletonActions.has(action))
      if (schemaType === 'experiment') return [...actions, PromoteVariantAction]
      if (!ROUTED_TYPES.has(schemaType)) return actions
      return actions.map((action) => {
        if (action.action === 'publish') return withRedirectOnMove(action)
        if (action.action === 'duplicate' && schemaType === 'page') return asDuplicatePage(action)
        return action
      })
    },
    newDocumentOptions: (options, { creationContext }) =>
      creationContext.type === 'global' ? options.filter(({ templateId }) => !singletons.has(templateId)) : options,
  },
})
